import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { routeTable } from '../contract/routes.ts';

type Page = LazyExoticComponent<ComponentType>;
type PageModule = { default: ComponentType };

// One lazy chunk per screen; screens of one page group share their group's code.
const importers = {
  home: () => import('../ui/pages/home/home-page.tsx'),
  notice: () => import('../ui/pages/notice/notice-page.tsx'),
  help: () => import('../ui/pages/help/help-page.tsx'),
  helpMc: () => import('../ui/pages/help/help-mc-page.tsx'),
  join: () => import('../ui/pages/join/join-page.tsx'),
  download: () => import('../ui/pages/download/download-page.tsx'),
  gameLobby: () => import('../ui/pages/games/game-lobby-page.tsx'),
  egameLobby: () => import('../ui/pages/games/egame-lobby-page.tsx'),
  gameFrame: () => import('../ui/pages/games/game-frame-page.tsx'),
  seamless: () => import('../ui/pages/games/seamless-page.tsx'),
  fbSports: () => import('../ui/pages/games/fb-sports-page.tsx'),
  lottery: () => import('../ui/pages/lottery/lottery-page.tsx'),
  vnLottery: () => import('../ui/pages/lottery/vn-lottery-page.tsx'),
  promotions: () => import('../ui/pages/promo/promotions-page.tsx'),
  promoDetail: () => import('../ui/pages/promo/promo-detail-page.tsx'),
  vip: () => import('../ui/pages/vip/vip-page.tsx'),
  pointMall: () => import('../ui/pages/point-mall/point-mall-page.tsx'),
  login: () => import('../ui/pages/account/login-page.tsx'),
  register: () => import('../ui/pages/account/register-page.tsx'),
  forget: () => import('../ui/pages/account/forget-page.tsx'),
  changePassword: () => import('../ui/pages/account/change-password-page.tsx'),
  agentHome: () => import('../ui/pages/account/agent-home-page.tsx'),
} satisfies Record<string, () => Promise<PageModule>>;
type Screen = keyof typeof importers;

const screens = Object.fromEntries(
  Object.entries(importers).map(([name, load]): [string, Page] => [name, lazy(load)]),
) as Record<Screen, Page>;

/** The screen of every path of the route table (redirects have none). */
const screenByPath: Readonly<Record<string, Screen>> = {
  '/': 'home',
  '/index': 'home',
  '/index.html': 'home',
  '/home': 'home',
  '/login': 'login',
  '/register': 'register',
  '/register.html': 'register',
  '/forget': 'forget',
  '/changePassword': 'changePassword',
  '/noticePage': 'notice',
  '/vip': 'vip',
  '/pointMall': 'pointMall',
  '/live': 'gameLobby',
  '/sports': 'gameLobby',
  '/esports': 'gameLobby',
  '/elott': 'gameLobby',
  '/cockfight': 'gameLobby',
  '/rng': 'egameLobby',
  '/pvp': 'egameLobby',
  '/fish': 'egameLobby',
  '/lottery': 'lottery',
  '/vnlottery': 'vnLottery',
  '/promotions': 'promotions',
  '/promoDetail': 'promoDetail',
  '/seamless': 'seamless',
  '/fbsports': 'fbSports',
  '/game': 'gameFrame',
  '/help': 'help',
  '/helpmc': 'helpMc',
  '/down': 'download',
  '/join': 'join',
  '/agentHome': 'agentHome',
};

export const pageByPath: Readonly<Record<string, Page>> = Object.fromEntries(
  Object.entries(screenByPath).map(([path, screen]) => [path, screens[screen]]),
);

// The route table is the contract: a path without a screen is a programming error.
for (const route of routeTable) {
  if (!route.redirectTo && !pageByPath[route.path]) {
    throw new Error(`no screen for route ${route.path}`);
  }
}

/**
 * Starts fetching the screen of `pathname` (its chunk and CSS) at once, beside the start-up
 * calls, so the first page does not wait for the start-up gate to open before asking for its
 * code (issue 35). React.lazy then finds the module already loaded; an unknown path does nothing.
 */
export function preloadPage(pathname: string): void {
  const screen = screenByPath[pathname];
  if (screen) void importers[screen]().catch(() => {});
}
