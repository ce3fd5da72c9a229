import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { routeTable } from '../contract/routes.ts';

type Page = LazyExoticComponent<ComponentType>;

// One lazy chunk per screen; screens of one page group share their group's code.
const home = lazy(() => import('../ui/pages/home/home-page.tsx'));
const notice = lazy(() => import('../ui/pages/notice/notice-page.tsx'));
const help = lazy(() => import('../ui/pages/help/help-page.tsx'));
const helpMc = lazy(() => import('../ui/pages/help/help-mc-page.tsx'));
const join = lazy(() => import('../ui/pages/join/join-page.tsx'));
const download = lazy(() => import('../ui/pages/download/download-page.tsx'));
const gameLobby = lazy(() => import('../ui/pages/games/game-lobby-page.tsx'));
const egameLobby = lazy(() => import('../ui/pages/games/egame-lobby-page.tsx'));
const gameFrame = lazy(() => import('../ui/pages/games/game-frame-page.tsx'));
const seamless = lazy(() => import('../ui/pages/games/seamless-page.tsx'));
const fbSports = lazy(() => import('../ui/pages/games/fb-sports-page.tsx'));
const lottery = lazy(() => import('../ui/pages/lottery/lottery-page.tsx'));
const vnLottery = lazy(() => import('../ui/pages/lottery/vn-lottery-page.tsx'));
const promotions = lazy(() => import('../ui/pages/promo/promotions-page.tsx'));
const promoDetail = lazy(() => import('../ui/pages/promo/promo-detail-page.tsx'));
const vip = lazy(() => import('../ui/pages/vip/vip-page.tsx'));
const pointMall = lazy(() => import('../ui/pages/point-mall/point-mall-page.tsx'));
const login = lazy(() => import('../ui/pages/account/login-page.tsx'));
const register = lazy(() => import('../ui/pages/account/register-page.tsx'));
const forget = lazy(() => import('../ui/pages/account/forget-page.tsx'));
const changePassword = lazy(() => import('../ui/pages/account/change-password-page.tsx'));
const agentHome = lazy(() => import('../ui/pages/account/agent-home-page.tsx'));

/** The screen of every path of the route table (redirects have none). */
export const pageByPath: Readonly<Record<string, Page>> = {
  '/': home,
  '/index': home,
  '/index.html': home,
  '/home': home,
  '/login': login,
  '/register': register,
  '/register.html': register,
  '/forget': forget,
  '/changePassword': changePassword,
  '/noticePage': notice,
  '/vip': vip,
  '/pointMall': pointMall,
  '/live': gameLobby,
  '/sports': gameLobby,
  '/esports': gameLobby,
  '/elott': gameLobby,
  '/cockfight': gameLobby,
  '/rng': egameLobby,
  '/pvp': egameLobby,
  '/fish': egameLobby,
  '/lottery': lottery,
  '/vnlottery': vnLottery,
  '/promotions': promotions,
  '/promoDetail': promoDetail,
  '/seamless': seamless,
  '/fbsports': fbSports,
  '/game': gameFrame,
  '/help': help,
  '/helpmc': helpMc,
  '/down': download,
  '/join': join,
  '/agentHome': agentHome,
};

// The route table is the contract: a path without a screen is a programming error.
for (const route of routeTable) {
  if (!route.redirectTo && !pageByPath[route.path]) {
    throw new Error(`no screen for route ${route.path}`);
  }
}
