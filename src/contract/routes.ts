/**
 * The route table of the spec (section 2), shared by the app's router and the server's
 * history-mode fallback.
 */

/** Game categories as they appear in paths (lower case) and in data (upper case titles). */
export const gameCategories = [
  'LIVE',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'ELOTT',
  'LOTT',
  'FISH',
  'RNG',
  'PVP',
] as const;
export type GameCategory = (typeof gameCategories)[number];

/** Lobby paths with their page group. One games lobby route takes the game as a parameter. */
export const gameLobbyPaths = ['live', 'sports', 'esports', 'elott', 'cockfight'] as const;
export const electronicLobbyPaths = ['rng', 'pvp', 'fish'] as const;

/** Categories shown in the bottom nav and the footer, each linking to `/{type}`. */
export const navCategories = [
  { gameType: 'LIVE', path: '/live' },
  { gameType: 'SPORTS', path: '/sports' },
  { gameType: 'ESPORTS', path: '/esports' },
  { gameType: 'RNG', path: '/rng' },
  { gameType: 'PVP', path: '/pvp' },
  { gameType: 'FISH', path: '/fish' },
  { gameType: 'ELOTT', path: '/elott' },
  { gameType: 'COCKFIGHT', path: '/cockfight' },
] as const;

export const pageGroups = [
  'download',
  'index',
  'game',
  'egame',
  'elott',
  'fbSports',
  'help',
  'joinus',
  'lottery',
  'pointMall',
  'promo',
  'promoDetail',
  'Vip',
  'byIframe',
  'seamless',
  'vnlottery',
] as const;
export type PageGroup = (typeof pageGroups)[number];

export type RouteEntry = {
  path: string;
  /** The page group loaded on demand; undefined for screens of the shell itself. */
  group?: PageGroup;
  /** Header rule: full layout, header only (/login), or none. */
  chrome: 'full' | 'headerOnly' | 'none';
  /** Reachable without a token when the login-before-home flag is set. */
  publicWhenLoginFirst?: boolean;
  redirectTo?: string;
};

export const routeTable: readonly RouteEntry[] = [
  { path: '/', group: 'index', chrome: 'full' },
  { path: '/index', group: 'index', chrome: 'full' },
  { path: '/index.html', group: 'index', chrome: 'full' },
  { path: '/home', group: 'index', chrome: 'full' },
  { path: '/login', chrome: 'headerOnly', publicWhenLoginFirst: true },
  { path: '/register', chrome: 'full', publicWhenLoginFirst: true },
  { path: '/register.html', chrome: 'full', publicWhenLoginFirst: true },
  { path: '/forget', chrome: 'full' },
  { path: '/changePassword', chrome: 'full' },
  { path: '/noticePage', group: 'index', chrome: 'full' },
  { path: '/vip', group: 'Vip', chrome: 'full' },
  { path: '/pointMall', group: 'pointMall', chrome: 'full' },
  ...gameLobbyPaths.map((p) => ({
    path: `/${p}`,
    group: 'game' as const,
    chrome: 'full' as const,
  })),
  ...electronicLobbyPaths.map((p) => ({
    path: `/${p}`,
    group: 'egame' as const,
    chrome: 'full' as const,
  })),
  { path: '/lottery', group: 'lottery', chrome: 'none' },
  { path: '/vnlottery', group: 'vnlottery', chrome: 'full' },
  { path: '/promotions', group: 'promo', chrome: 'full' },
  { path: '/promoDetail', group: 'promoDetail', chrome: 'full' },
  { path: '/seamless', group: 'seamless', chrome: 'none' },
  { path: '/fbsports', group: 'fbSports', chrome: 'full' },
  { path: '/game', group: 'byIframe', chrome: 'full' },
  { path: '/help', group: 'help', chrome: 'full' },
  { path: '/helpmc', group: 'help', chrome: 'none', publicWhenLoginFirst: true },
  // /download is public and redirects here, so the page it leads to is public too.
  { path: '/down', group: 'download', chrome: 'none', publicWhenLoginFirst: true },
  { path: '/download', chrome: 'none', publicWhenLoginFirst: true, redirectTo: '/down' },
  { path: '/join', group: 'joinus', chrome: 'full' },
  { path: '/agentHome', group: 'index', chrome: 'full' },
];

/** Banner group per route (spec: route-to-banner-group mapping). */
export const bannerGroupByPath: Readonly<Record<string, string>> = {
  '/': 'home',
  '/index': 'home',
  '/index.html': 'home',
  '/home': 'home',
  '/rng': 'rng',
  '/live': 'live',
  '/fish': 'fish',
  '/pvp': 'pvp',
  '/sports': 'sports',
  '/esports': 'esports',
  '/elott': 'lott',
  '/cockfight': 'cockfight',
  '/promotions': 'promotion',
  '/pointMall': 'shop',
  '/help': 'help',
  '/register': 'reg',
  '/register.html': 'reg',
};
export const bannerGroups = [
  'home',
  'rng',
  'live',
  'fish',
  'pvp',
  'sports',
  'esports',
  'lott',
  'cockfight',
  'promotion',
  'shop',
  'help',
  'reg',
] as const;

export function findRoute(pathname: string): RouteEntry | undefined {
  return routeTable.find((r) => r.path === pathname);
}

/** Header rules: /login header only; no header on /seamless, /lottery, /helpmc, /down. */
export function chromeFor(pathname: string): RouteEntry['chrome'] {
  return findRoute(pathname)?.chrome ?? 'full';
}
