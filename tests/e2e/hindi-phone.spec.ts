/**
 * Issue 11, "Hindi and phone": the site's own web faces draw every script it offers (the
 * machine running the tests has no Devanagari or Bengali font, like a clean Debian), the banner
 * artwork carries no words of its own, the phone's floating buttons keep to a dock that covers
 * nothing, the header shows the member's name, and the unread badge shows whole.
 */
import type { Page } from '@playwright/test';
import { messageOpsPaths } from '../../src/contract/messages.ts';
import { expect, test, workerBaseURL } from './support/fixtures.ts';
import { memberIdOf, opsPost } from './support/member.ts';

const scripts = {
  hi: { family: 'Noto Sans Devanagari', pattern: /[\u0900-\u097f]/gu },
  bn: { family: 'Noto Sans Bengali', pattern: /[\u0980-\u09ff]/gu },
} as const;

// Fonts, layouts and a login on a cold server: more time than the default.
test.describe.configure({ timeout: 60_000 });

async function openHome(page: Page, language: string) {
  await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
  await page.goto('/');
  await expect(page.getByTestId('page-home')).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function logInAsDemo(page: Page) {
  await page.getByTestId('header-login-button').click();
  await page.getByTestId('login-username').fill('demo_player1');
  await page.getByTestId('login-password').fill('demo1234');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('after-login-close').click();
  await expect(page.getByTestId('header-account')).toContainText('demo_player1');
}

/** The fonts Chromium drew an element's text with (DevTools protocol), by PostScript name. */
async function fontsDrawing(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts;
}

for (const language of ['hi', 'bn'] as const) {
  test(`the ${language} home page is drawn with the site's own ${scripts[language].family} faces, subset and swapped`, async ({
    page,
  }) => {
    const served: string[] = [];
    page.on('response', (response) => {
      if (/\.woff2$/.test(new URL(response.url()).pathname) && response.ok())
        served.push(response.headers()['content-type'] ?? '');
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHome(page, language);
    const { family } = scripts[language];
    const report = await page.evaluate(
      ({ family, source }) => {
        const pattern = new RegExp(source, 'gu');
        const used = [...new Set(document.body.innerText.match(pattern) ?? [])];
        const faces = [...document.fonts].filter((f) => f.family.replace(/"/g, '') === family);
        const inRange = (face: FontFace, code: number) =>
          face.unicodeRange.split(',').some((part) => {
            const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
            const low = parseInt(from ?? '', 16);
            return code >= low && code <= (to ? parseInt(to, 16) : low);
          });
        const uncovered = used.filter(
          (ch) => !faces.some((f) => f.status === 'loaded' && inRange(f, ch.codePointAt(0) ?? 0)),
        );
        return {
          used: used.length,
          uncovered,
          displays: [...new Set(faces.map((f) => f.display))],
          subset: faces.every((f) => f.unicodeRange !== 'U+0-10FFFF'),
          loaded: faces.filter((f) => f.status === 'loaded').map((f) => f.weight),
          firstFamily: getComputedStyle(document.body).fontFamily.split(',')[0]?.replace(/"/g, ''),
        };
      },
      { family, source: scripts[language].pattern.source },
    );
    expect(report.used).toBeGreaterThan(20);
    expect(report.uncovered, 'characters no loaded face covers').toEqual([]);
    expect(report.displays).toEqual(['swap']);
    expect(report.subset).toBe(true);
    expect(report.loaded).toEqual(expect.arrayContaining(['400', '700']));
    expect(report.firstFamily).toBe(family);
    expect(served.length).toBeGreaterThan(0);
    for (const type of served) expect(type).toMatch(/font\/woff2/);

    // The elements Chromium drew as empty boxes: every glyph of the script from a web face;
    // a system font (which has no Devanagari or Bengali here) draws at most the characters
    // outside it (spaces, Latin, digits: the faces carry their script's subset only).
    for (const selector of [
      '[data-testid="header-register"]',
      '.nav-bar__link.active',
      '.left-bar__text',
      '.side-menu__tab-text',
    ]) {
      const fonts = await fontsDrawing(page, selector);
      const text = await page.locator(selector).first().innerText();
      const script = new RegExp(scripts[language].pattern.source, 'u');
      // The characters a system font may draw: those outside the script, line breaks aside.
      const outside = [...text].filter((ch) => !script.test(ch) && (ch === ' ' || !/\s/u.test(ch)));
      expect(fonts.filter((f) => f.isCustomFont).length, selector).toBeGreaterThan(0);
      const systemGlyphs = fonts
        .filter((f) => !f.isCustomFont)
        .reduce((sum, f) => sum + f.glyphCount, 0);
      expect(systemGlyphs, `${selector} drawn with a system font`).toBeLessThanOrEqual(
        outside.length,
      );
    }
  });
}

test('the banners are in the page language: artwork without words, title and call to action from the translations', async ({
  page,
}) => {
  await openHome(page, 'hi');
  const slide = page.getByTestId('banner-slide').first();
  await expect(slide.locator('.banner-carousel__title')).toHaveText(/[\u0900-\u097f]/u);
  // Each call to action says what its link does: the welcome bonus is an offer, a lobby is
  // play (issue 34: "Play now" on every banner; tests/unit/banner-cta.test.ts has the rest).
  await expect(slide.locator('.banner-carousel__cta')).toHaveText('ऑफ़र देखें');
  await expect(
    page
      .getByTestId('banner-slide')
      .filter({ has: page.locator('a[href="/rng"]') })
      .first()
      .locator('.banner-carousel__cta'),
  ).toHaveText('अभी खेलें');

  const sources = await page
    .getByTestId('banner-slide')
    .locator('img')
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
  // Banner art is lazy (LazyImage): slides far from view have no address yet; the first is eager.
  expect(sources[0]).toBeTruthy();
  sources.splice(0, sources.length, ...sources.filter(Boolean));
  for (const source of sources) {
    const svg = await (await fetch(source)).text();
    // Pictures may carry figures (a slot machine's 777), never words.
    const words = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)]
      .map((m) => m[1] ?? '')
      .filter((text) => /\p{L}/u.test(text));
    expect(words, source).toEqual([]);
  }
  // A switch to English relabels the slides and their dots for a screen reader (issue 34).
  await expect(slide).toHaveAttribute('aria-label', /में से स्लाइड/u);
  await page.getByTestId('language-menu').selectOption('en');
  await expect(slide.locator('.banner-carousel__cta')).toHaveText('See the offer');
  await expect(page.getByTestId('banner-slide').first()).toHaveAttribute(
    'aria-label',
    /^Slide \d+ of \d+$/,
  );
  await expect(page.locator('.swiper-pagination-bullet').first()).toHaveAttribute(
    'aria-label',
    'Go to slide 1',
  );
});

test('on a phone in Hindi the floating buttons sit in a dock that covers no content, and the header shows the whole name', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 915 });
  await openHome(page, 'hi');
  await logInAsDemo(page);

  const name = page.getByTestId('header-account-name');
  await expect(name).toHaveText('demo_player1');
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  const layout = async () =>
    page.evaluate(() => {
      const rect = (el: Element) => el.getBoundingClientRect();
      const dock = document.querySelector('.float-dock');
      if (!dock) return null;
      const d = rect(dock);
      const controls = [
        ...document.querySelectorAll('.left-bar__button, .side-menu__tab, .right-bar__button'),
      ];
      const outside = controls
        .filter((el) => {
          const r = rect(el);
          return r.top < d.top || r.bottom > d.bottom || r.left < d.left || r.right > d.right;
        })
        .map((el) => el.className);
      const footer = document.querySelector('.site-footer');
      return {
        controls: controls.length,
        outside,
        dockAtBottom: Math.round(d.bottom) === innerHeight,
        footerBottom: footer ? rect(footer).bottom : 0,
        dockTop: d.top,
      };
    });

  const top = await layout();
  expect(top).not.toBeNull();
  expect(top?.controls).toBeGreaterThanOrEqual(3);
  expect(top?.outside).toEqual([]);
  expect(top?.dockAtBottom).toBe(true);

  // At the end of the page the footer ends above the dock: the page keeps the strip free.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect
    .poll(async () => {
      const end = await layout();
      return end ? end.footerBottom <= end.dockTop + 1 : false;
    })
    .toBe(true);

  // The recent-games panel opens above the dock, inside the screen.
  await page.locator('.side-menu__tab').click();
  const panel = page.locator('.side-menu__panel');
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 412 && box.y >= 0).toBe(true);
});

test('the unread badge shows whole on the active member-center entry (desktop)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openHome(page, 'hi');
  await logInAsDemo(page);
  await opsPost(workerBaseURL(), messageOpsPaths.messages, {
    memberId: await memberIdOf(page, workerBaseURL()),
    title: 'साप्ताहिक रिबेट',
    content: 'आपका रिबेट जमा हो गया।',
  });
  await page.goto('/?mc=messageV2');
  const entry = page.getByTestId('mc-menu-messageV2');
  await expect(entry).toHaveAttribute('aria-current', 'page');
  const badge = page.getByTestId('mc-badge-messageV2');
  await expect(badge).toBeVisible();
  const inside = await badge.evaluate((el) => {
    const b = el.getBoundingClientRect();
    const menu = el.closest('.mc__menu')?.getBoundingClientRect();
    const button = el.closest('.mc__entry')?.getBoundingClientRect();
    return Boolean(
      menu &&
      button &&
      b.left >= button.left &&
      b.right <= button.right &&
      b.right <= menu.right &&
      b.left >= menu.left,
    );
  });
  expect(inside).toBe(true);
});
