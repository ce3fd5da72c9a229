/**
 * The link walk (issue 11): every banner, nav entry, footer link, side button, account-menu entry
 * and member-center menu entry is clicked (or, for carousel slides and hover tiles, followed) on
 * one page, and each must lead somewhere real:
 * - a click does something: the address changes, a window opens or a dialog shows;
 * - the page reached is the one the entry names (its path's page, the lobby of its category, the
 *   member-center page of its key), never a "not found";
 * - no raw translation key is visible (a dotted i18n key, a camelCase key, a seeded game-type key);
 * - every link and every window opened goes to the site itself or to a host of its own settings
 *   (chat, VIP service, social resources, domain routes from the bootstrap payload).
 * Requests to other hosts are answered locally, so windows show their real address offline.
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { electronicLobbyPaths, gameLobbyPaths } from '../../../src/contract/routes.ts';
import { bannerGroupByPath } from '../../../src/contract/routes.ts';
import { permissionSchema, systemPaths } from '../../../src/contract/system.ts';
import type { MemberCenterPageKey } from '../../../src/contract/member-center.ts';
import { vendorLaneSeed } from '../../../src/server/areas/system/vendors.seed.ts';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** The page each in-site path shows. */
const pageTestIds: Record<string, string> = {
  '/': 'page-home',
  '/promotions': 'page-promotions',
  '/promoDetail': 'page-promo-detail',
  '/help': 'page-help',
  '/helpmc': 'page-helpmc',
  '/down': 'page-download',
  '/register': 'page-register',
  '/login': 'page-login',
  '/noticePage': 'page-notice',
  '/pointMall': 'page-point-mall',
  '/vip': 'page-vip',
  '/join': 'page-join',
  '/lottery': 'page-lottery',
  '/vnlottery': 'page-vnlottery',
  '/game': 'page-game',
  '/fbsports': 'page-fbsports',
  ...Object.fromEntries(
    [...gameLobbyPaths, ...electronicLobbyPaths].map((path) => [`/${path}`, 'page-lobby']),
  ),
};

/** Texts a raw key would show: the seeded game types, as stored. */
const rawTypeKeys = new Set(vendorLaneSeed.flatMap((lane) => lane.gameClassify));
/** Words that look like camelCase keys but are real names. */
const camelCaseNames = new Set(['iOS', 'iPhone', 'iPad', 'eSports']);

/** The hosts of the site's own settings, read from the bootstrap payload. */
export async function ownHosts(baseURL: string): Promise<Set<string>> {
  const reply = await fetch(new URL(`${systemPaths.permission}?host=localhost`, baseURL));
  const permission = permissionSchema.parse(((await reply.json()) as { value: unknown }).value);
  const hosts = new Set([new URL(baseURL).host]);
  for (const url of [
    permission.customerService.liveChatUrl,
    permission.customerService.vipServiceUrl,
    ...permission.resources.map((r) => r.url),
    ...permission.domainRoute.map((r) => r.domain),
  ]) {
    if (url) hosts.add(new URL(url).host);
  }
  return hosts;
}

export type Walk = {
  page: Page;
  context: BrowserContext;
  baseURL: string;
  hosts: Set<string>;
  /** Problems found; the test fails listing all of them. */
  problems: string[];
};

/** Answers every request to another host locally (the walk checks the address, not the site). */
export async function startWalk(page: Page, baseURL: string): Promise<Walk> {
  const context = page.context();
  const own = new URL(baseURL).host;
  await context.route(
    (url) => url.host !== own,
    (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>elsewhere</title>' }),
  );
  return { page, context, baseURL, hosts: await ownHosts(baseURL), problems: [] };
}

const pathOf = (href: string, baseURL: string) => {
  const url = new URL(href, baseURL);
  return { path: url.pathname, full: url.pathname + url.search + url.hash };
};

/** In-app navigation without a reload (the router follows popstate). */
export async function goInApp(page: Page, href: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, href);
}

/** Checks the page now shown: no not-found, no raw key, links only to own hosts. */
export async function checkShown(walk: Walk, label: string, scope?: Locator): Promise<void> {
  const { page } = walk;
  const root = scope ?? page.locator('body');
  if (
    (await page
      .locator('[data-testid="page-not-found"], [data-testid="promo-not-found"]')
      .count()) > 0
  )
    walk.problems.push(`${label}: shows "not found" at ${page.url()}`);
  // Spinners and loading states first: texts are read once the page has them.
  await expect(page.getByTestId('page-loading')).toHaveCount(0);
  await expect(
    root.locator('.spinner-wrap, .pg-state .pg-spinner'),
    `${label}: loaded`,
  ).toHaveCount(0);
  // innerText follows the layout: read it while the scope is rendered. Read at an instant it is
  // not (a menu re-rendering), it is the textContent, its words run together ("Betting
  // recordDepositWithdrawal..."), which look like camelCase keys.
  let shown = { rendered: false, text: '', hrefs: [] as string[] };
  await expect
    .poll(
      async () => {
        shown = await root.evaluate((el) => ({
          rendered: (el as HTMLElement).checkVisibility(),
          text: (el as HTMLElement).innerText,
          hrefs: [...el.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
        }));
        return shown.rendered;
      },
      { message: `${label}: shown` },
    )
    .toBe(true);
  const { text, hrefs } = shown;
  // The site's own hosts are words, not keys: a service entry says where it opens.
  const ownHost = (word: string) =>
    [...walk.hosts].some((host) => host === word || host.replace(/^www\./, '') === word);
  const dotted = (text.match(/\b[a-z][a-zA-Z0-9]*(?:\.[a-z][a-zA-Z0-9_]*)+\b/g) ?? []).filter(
    (word) => !ownHost(word),
  );
  const camel = (text.match(/\b[a-z]+[A-Z][a-zA-Z]*\b/g) ?? []).filter(
    (word) => !camelCaseNames.has(word),
  );
  const typeKeys = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => rawTypeKeys.has(line));
  for (const key of [...dotted, ...camel, ...typeKeys])
    walk.problems.push(`${label}: raw key "${key}" visible at ${page.url()}`);
  for (const href of hrefs) {
    const url = new URL(href);
    if (!url.protocol.startsWith('http')) continue;
    if (!walk.hosts.has(url.host))
      walk.problems.push(`${label}: link to ${url.host} (not the site's own) at ${page.url()}`);
  }
}

/** Checks that the in-site address now shown is `href`'s page (and its lobby's category). */
async function checkPageOf(walk: Walk, label: string, href: string): Promise<void> {
  const { page, baseURL } = walk;
  const { path, full } = pathOf(href, baseURL);
  const shown = pathOf(page.url(), baseURL);
  if (shown.full !== full) {
    walk.problems.push(`${label}: went to ${shown.full} instead of ${full}`);
    return;
  }
  const testId = pageTestIds[path];
  if (!testId) {
    walk.problems.push(`${label}: leads to ${path}, a page this walk does not know`);
    return;
  }
  await expect(page.getByTestId(testId), `${label} -> ${full}`).toBeVisible();
  if (testId === 'page-lobby')
    await expect(page.getByTestId('page-lobby'), label).toHaveClass(
      new RegExp(`pg-lobby--${path.slice(1)}\\b`),
    );
  await checkShown(walk, label);
}

type Outcome = { kind: 'navigated' } | { kind: 'popup'; urls: string[] } | { kind: 'dialog' };

/**
 * Waits until the page's layout has stood still for a moment (no layout shift for 400 ms; at most
 * 5 s). A page still filling in (a lobby's games, its pager) moves what is below it: a click whose
 * press and release land on different elements is no click at all, as for a user's tap.
 */
async function layoutStill(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const quiet = 400;
        const done = () => {
          observer.disconnect();
          clearTimeout(limit);
          resolve();
        };
        let timer = setTimeout(done, quiet);
        const observer = new PerformanceObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quiet);
        });
        const limit = setTimeout(done, 5_000);
        observer.observe({ type: 'layout-shift' });
      }),
  );
}

/** Clicks `entry` and tells what happened; a click that does nothing is a problem. */
async function clickOutcome(walk: Walk, label: string, entry: Locator): Promise<Outcome | null> {
  const { page } = walk;
  await layoutStill(page);
  const before = page.url();
  const opened: Page[] = [];
  // Windows this page opens (not the blank pages axe opens in the context to gather results).
  const onPage = (p: Page) => opened.push(p);
  page.on('popup', onPage);
  const dialogs = page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible');
  const dialogsBefore = await dialogs.count();
  await entry.click();
  try {
    await expect
      .poll(
        async () =>
          opened.length > 0 || page.url() !== before || (await dialogs.count()) > dialogsBefore,
        {
          timeout: 5_000,
        },
      )
      .toBe(true);
  } catch {
    page.off('popup', onPage);
    walk.problems.push(`${label}: the click did nothing (no page, window or dialog)`);
    return null;
  }
  if (opened.length > 0) {
    // A second window opening right after the first is the double-popup bug.
    await page.waitForTimeout(300);
    page.off('popup', onPage);
    const urls: string[] = [];
    for (const popup of opened) {
      await popup.waitForURL(/^https?:/, { timeout: 5_000 }).catch(() => undefined);
      urls.push(popup.url());
      await popup.close();
    }
    return { kind: 'popup', urls };
  }
  page.off('popup', onPage);
  return page.url() !== before ? { kind: 'navigated' } : { kind: 'dialog' };
}

/** A link or button that must lead to its href's page (or open a dialog when `dialogOk`). */
export async function followEntry(
  walk: Walk,
  label: string,
  entry: Locator,
  options: { dialogOk?: boolean } = {},
): Promise<void> {
  const { page, baseURL } = walk;
  const href = await entry.getAttribute('href');
  const target = href ? pathOf(href, baseURL).full : null;
  if (target && target === pathOf(page.url(), baseURL).full) {
    // Already there: a click would change nothing; step away first.
    await goInApp(page, target === '/' ? '/noticePage' : '/');
  }
  const outcome = await clickOutcome(walk, label, entry);
  if (!outcome) return;
  if (outcome.kind === 'popup') {
    if (outcome.urls.length !== 1)
      walk.problems.push(
        `${label}: opened ${outcome.urls.length} windows (${outcome.urls.join(', ')})`,
      );
    for (const url of outcome.urls) {
      const host = URL.parse(url)?.host ?? url;
      if (!walk.hosts.has(host))
        walk.problems.push(`${label}: window to ${url}, not the site's own`);
      if (href && url !== new URL(href, baseURL).href)
        walk.problems.push(`${label}: window to ${url} instead of ${href}`);
    }
    return;
  }
  if (outcome.kind === 'dialog') {
    if (!options.dialogOk) walk.problems.push(`${label}: opened a dialog instead of ${href}`);
    else await checkShown(walk, label, page.locator('[role="dialog"]:visible').last());
    await page.keyboard.press('Escape');
    return;
  }
  if (!target) {
    walk.problems.push(`${label}: a button navigated to ${page.url()}`);
    return;
  }
  await checkPageOf(walk, label, target);
}

/** A link followed in the app without clicking (carousel slides, hover tiles). */
export async function followHref(walk: Walk, label: string, href: string): Promise<void> {
  const url = new URL(href, walk.baseURL);
  if (url.host !== new URL(walk.baseURL).host) {
    if (!walk.hosts.has(url.host))
      walk.problems.push(`${label}: link to ${href}, not the site's own`);
    return;
  }
  await goInApp(walk.page, url.pathname + url.search + url.hash);
  await checkPageOf(walk, label, href);
}

/** Makes sure the full layout (nav, footer, side bars) is on screen. */
export async function toFullLayout(walk: Walk): Promise<void> {
  if ((await walk.page.locator('footer.site-footer').count()) === 0) await goInApp(walk.page, '/');
  await expect(walk.page.locator('footer.site-footer')).toBeVisible();
}

/** Every entry of the full layout: nav, footer, left and right bar, the notice marquee. */
export async function walkLayout(walk: Walk, options: { hoverTiles: boolean }): Promise<void> {
  const { page } = walk;
  await toFullLayout(walk);
  const nav = page.locator('header .nav-bar__link');
  const navHrefs = await nav.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(navHrefs.length).toBeGreaterThan(5);
  for (const [index, href] of navHrefs.entries()) {
    await toFullLayout(walk);
    await followEntry(walk, `nav ${href}`, nav.nth(index));
  }
  // The nav's hover dropdowns (desktop): every vendor tile leads to its lobby.
  if (options.hoverTiles) {
    const tiles = await page
      .locator('header .vendor-tile')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const href of new Set(tiles)) await followHref(walk, `nav tile ${href}`, href);
  }
  await toFullLayout(walk);
  const footer = page.locator('footer.site-footer a[href]');
  const footerHrefs = await footer.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(footerHrefs.length).toBeGreaterThan(5);
  for (const [index, href] of footerHrefs.entries()) {
    await toFullLayout(walk);
    await followEntry(walk, `footer ${href}`, footer.nth(index));
  }
  await toFullLayout(walk);
  await followEntry(walk, 'left bar Events', page.locator('.left-bar button').first(), {
    dialogOk: true,
  });
  await toFullLayout(walk);
  const right = page.locator('.right-bar .right-bar__button');
  const rightCount = await right.count();
  expect(rightCount, 'right bar buttons').toBeGreaterThan(0);
  for (let index = 0; index < rightCount; index++) {
    const label = `right bar ${await right.nth(index).getAttribute('aria-label')}`;
    await followEntry(walk, label, right.nth(index));
  }
}

/** Every banner of every banner group's page; the first home banner is clicked. */
export async function walkBanners(walk: Walk): Promise<void> {
  const { page } = walk;
  await goInApp(page, '/');
  await expect(page.getByTestId('page-home')).toBeVisible();
  // The slide shown is clicked where it is read: the carousel moves on its own every 5 s.
  const carousel = page.getByTestId('banner-carousel');
  await expect(carousel.locator('.banner-carousel__link').first()).toBeVisible();
  const clicked = await carousel.evaluate((root) => {
    const link =
      root.querySelector<HTMLAnchorElement>('.swiper-slide-active .banner-carousel__link') ??
      root.querySelector<HTMLAnchorElement>('.banner-carousel__link');
    link?.click();
    return link?.getAttribute('href') ?? '';
  });
  await expect
    .poll(() => pathOf(page.url(), walk.baseURL).full, {
      message: 'the shown home banner leads on',
    })
    .not.toBe('/');
  await checkPageOf(walk, 'home banner (shown)', clicked);
  await goInApp(page, '/');
  await followEntry(walk, 'notice bar', page.locator('.notice-marquee__button'), {
    dialogOk: true,
  });
  const groups = new Map<string, string>();
  for (const [path, group] of Object.entries(bannerGroupByPath))
    if (!groups.has(group)) groups.set(group, path);
  for (const [group, path] of groups) {
    await goInApp(page, path);
    const carousel = page.getByTestId('banner-carousel');
    await expect(carousel, `banners of ${group}`).toBeVisible();
    const hrefs = await carousel
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const href of new Set(hrefs)) await followHref(walk, `banner ${group} ${href}`, href);
  }
}

/** The account menu's entries and what each must open. */
const accountEntries: { id: string; page?: MemberCenterPageKey; dialog?: boolean }[] = [
  { id: 'menu-betting-record', page: 'personalHistoryCopy' },
  { id: 'menu-deposit', page: 'depositv2' },
  { id: 'menu-withdrawal', page: 'withdraw' },
  { id: 'menu-account-record', page: 'transactionHistory' },
  { id: 'menu-member-center', page: 'securityCenter' },
  { id: 'menu-my-account', page: 'securityCenter' },
  { id: 'menu-change-password', dialog: true },
  { id: 'menu-sign-out', dialog: true },
];

async function checkMemberCenterPage(walk: Walk, label: string, key: string): Promise<void> {
  const { page } = walk;
  const center = page.getByTestId('member-center');
  await expect(center, label).toBeVisible();
  await expect(center, label).toHaveAttribute('data-page', key);
  await expect(page.getByTestId(`mc-menu-${key}`), label).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('mc-unavailable')).toHaveCount(0);
  await expect(center.locator('.mc__page [role="progressbar"], .mc__page .spinner')).toHaveCount(0);
  await checkShown(walk, label, center);
}

/** The account menu (member): every entry opens its member-center page or its dialog. */
export async function walkAccountMenu(walk: Walk): Promise<void> {
  const { page } = walk;
  await toFullLayout(walk);
  const menuButton = page.getByTestId('header-account').getByRole('button').first();
  for (const entry of accountEntries) {
    await menuButton.click();
    const item = page.getByTestId(entry.id);
    await expect(item, entry.id).toBeVisible();
    await checkShown(walk, 'account menu', page.locator('.account-menu'));
    const outcome = await clickOutcome(walk, `account menu ${entry.id}`, item);
    if (!outcome) continue;
    if (entry.page) await checkMemberCenterPage(walk, `account menu ${entry.id}`, entry.page);
    else if (outcome.kind !== 'dialog')
      walk.problems.push(`account menu ${entry.id}: expected a dialog, got ${outcome.kind}`);
    else await checkShown(walk, entry.id, page.locator('[role="dialog"]:visible').last());
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('member-center')).toBeHidden();
  }
}

/** The member center's menu: every entry shows its own page. */
export async function walkMemberCenterMenu(walk: Walk): Promise<void> {
  const { page } = walk;
  await page.getByTestId('header-account').getByRole('button').first().click();
  await page.getByTestId('menu-member-center').click();
  const entries = page.locator('[data-testid^="mc-menu-"]');
  await expect(entries.first()).toBeVisible();
  const keys = await entries.evaluateAll((buttons) =>
    buttons.map((b) => b.getAttribute('data-page') ?? ''),
  );
  expect(keys.length).toBeGreaterThan(5);
  for (const key of keys) {
    await page.getByTestId(`mc-menu-${key}`).click();
    await checkMemberCenterPage(walk, `member center ${key}`, key);
  }
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('member-center')).toBeHidden();
}

/** The visitor's header entries: register and log in open their dialogs (or pages). */
export async function walkVisitorHeader(walk: Walk): Promise<void> {
  const { page } = walk;
  for (const id of ['header-register', 'header-login-button']) {
    await toFullLayout(walk);
    await followEntry(walk, id, page.getByTestId(id), { dialogOk: true });
    await expect(page.locator('[role="dialog"]:visible')).toHaveCount(0);
  }
}
