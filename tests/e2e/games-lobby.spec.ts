/**
 * Issue 13's lobby in Chromium: a visitor who clicks a game gets the login popup; a player
 * finds a game by name, saves it (it shows in the saved tab), opens it in the /game frame, plays
 * rounds of the built-in dice while the header balance moves live, and finds the bets in the
 * betting record and the day in the profit and loss. English on a desktop, Hindi on a phone.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { freePlayToken, registerPlayer } from './support/identity.ts';
import { logInThroughPopup, memberIdOf } from './support/member.ts';
import { gamesPaths, type VendorType } from '../../src/contract/games.ts';
import { lookShot } from './support/look.ts';

test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 150_000 });

function shotPath(name: string): string {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return test.info().outputPath(name);
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

const layouts = [
  { name: 'en-desktop', lang: 'en', viewport: { width: 1280, height: 860 }, dice: 'Rajwin Dice' },
  { name: 'hi-phone', lang: 'hi', viewport: { width: 390, height: 844 }, dice: 'राजविन पासा' },
] as const;

async function open(page: Page, lang: string, path: string) {
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('lang', value), lang);
  await page.goto(path);
}

test('a vendor’s slot list offers the vendor’s own game types (GCSGAME_getVassGameType, en-desktop)', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === gamesPaths.vassGameType) asked.push(request.url());
  });
  await page.setViewportSize(layouts[0].viewport);
  const reply = page.waitForResponse(
    (response) => new URL(response.url()).pathname === gamesPaths.vassGameType,
  );
  await open(page, 'en', '/rng?vassalage=BUILTIN');
  const vendor = ((await (await reply).json()) as { value: { list: VendorType[] } }).value.list;
  expect(vendor).toEqual([expect.objectContaining({ vassalage: 'BUILTIN', maintenance: false })]);
  const list = page.getByTestId('game-list');
  await expect(list.getByTestId('game-card')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Rajwin Originals' })).toBeVisible();
  // The built-in games are slots and classics: no jackpot filter for them (the RNG lane has one).
  await expect(page.getByLabel('Game types').locator('option')).toHaveText([
    'All types',
    'Classic games',
    'Slots',
  ]);
  expect(asked).toHaveLength(1);
  // No vendor chosen: the lane's types, and no call.
  await page.goto('/rng');
  await expect(list.getByTestId('game-card')).toHaveCount(15);
  await expect(page.getByLabel('Game types').locator('option')).toContainText(['Jackpots']);
  expect(asked).toHaveLength(1);
});

// Issue 34, Major 3: the operator keeps trial accounts from games (need_true_account); a guest
// launching one is told the truth and led to register, not shown "check your connection".
test('a free play guest launching a game is asked to register first, and the confirm opens registration (en-desktop)', async ({
  page,
}) => {
  const token = await freePlayToken(workerBaseURL());
  await page.addInitScript((value) => {
    sessionStorage.setItem('token', value);
    localStorage.setItem('lang', 'en');
  }, token);
  await page.setViewportSize(layouts[0].viewport);
  await page.goto('/rng');
  await expect(page.getByTestId('header-account')).toBeVisible();
  const list = page.getByTestId('game-list');
  await list.getByTestId('game-card').first().getByRole('button').first().click();
  await expect(page).toHaveURL(/\/game\?nodeId=\d+/);

  const dialog = page.getByTestId('register-first');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Please register an account first to play this game');
  // No network error, no retry that could never work.
  await expect(page.getByTestId('game-register-first')).toBeAttached();
  await expect(page.getByText('Check your connection')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByTestId('game-iframe')).toHaveCount(0);

  // The confirm button opens the registration popup.
  await page.getByTestId('register-first-register').click();
  await expect(page.getByTestId('register-popup')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Closed, the page still says why and offers registration again.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('register-popup')).toHaveCount(0);
  await page.getByTestId('game-register-first-register').click();
  await expect(page.getByTestId('register-popup')).toBeVisible();
});

for (const layout of layouts) {
  test(`a visitor clicking a game gets the login popup (${layout.name})`, async ({ page }) => {
    await page.setViewportSize(layout.viewport);
    await open(page, layout.lang, '/rng');
    const list = page.getByTestId('game-list');
    await expect(list.getByTestId('game-card').first()).toBeVisible();
    await expect(list.getByTestId('game-card')).toHaveCount(15);
    // Saved and recent are a player's tabs.
    await expect(page.getByTestId('lobby-tab-fav')).toHaveCount(0);
    await lookShot(page, { path: shotPath(`lobby-visitor-${layout.name}.png`), fullPage: true });
    if (layout.viewport.width >= 768) {
      // The fixed Events button never covers the first card, even scrolled level with it.
      const events = page.getByTestId('left-bar-events');
      const card = list.getByTestId('game-card').first();
      const at = (await card.boundingBox())!.y - (await events.boundingBox())!.y;
      await page.evaluate((dy) => window.scrollBy(0, dy), at);
      await expect(async () => {
        const a = (await events.boundingBox())!;
        const b = (await card.boundingBox())!;
        expect(a.y < b.y + b.height && b.y < a.y + a.height, 'level with the card').toBe(true);
        expect(a.x + a.width <= b.x || b.x + b.width <= a.x, 'beside the card').toBe(true);
      }).toPass();
    }
    await list.getByTestId('game-card').first().getByRole('button').first().click();
    await expect(page.getByTestId('login-popup')).toBeVisible();
    await expect(page).toHaveURL(/\/rng$/);
  });

  test(`a player finds a game by name, saves it, plays it in the frame and sees the bets in the records (${layout.name})`, async ({
    page,
    wallet,
  }) => {
    await page.setViewportSize(layout.viewport);
    await open(page, layout.lang, '/');
    const player = await registerPlayer(workerBaseURL(), { affiliateCode: 'DEMO01' });
    await page.reload();
    await logInThroughPopup(page, player);
    await wallet.credit(await memberIdOf(page, workerBaseURL()), '100000'); // P 1,000.00
    await page.goto('/rng');

    // Search by a part of the name: the list narrows after a pause in typing.
    const list = page.getByTestId('game-list');
    await expect(list.getByTestId('game-card').first()).toBeVisible();
    await page.getByTestId('game-search').fill(layout.dice.split(' ')[1]!);
    const dice = list.getByRole('article', { name: layout.dice });
    await expect(dice).toBeVisible();

    // Save it: the star is pressed, and the saved tab lists it.
    const star = dice.getByTestId('game-star');
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('lobby-tab-fav').click();
    await expect(page).toHaveURL(/[?&]page=fav/);
    await expect(list.getByTestId('game-card')).toHaveCount(1);
    await expect(list.getByRole('article', { name: layout.dice })).toBeVisible();
    await lookShot(page, { path: shotPath(`lobby-saved-${layout.name}.png`), fullPage: true });

    // Play: an RNG game opens in the /game frame.
    await list.getByRole('article', { name: layout.dice }).getByRole('button').first().click();
    await expect(page).toHaveURL(/\/game\?nodeId=\d+/);
    const frame = page.getByTestId('game-iframe');
    await expect(frame).toBeVisible({ timeout: 20_000 });
    await expect(frame).toHaveAttribute('src', /./);
    // The vendor by the lobby's name, never its code "BUILTIN" (issue 34, minor 6).
    await expect(page.locator('.game-frame__title')).toHaveText('Rajwin Originals');

    // Three rounds of dice at the smallest stake: the header balance follows live (a win pays
    // 1.98x, so three rounds never net to zero).
    const game = page.frameLocator('[data-testid="game-iframe"]');
    const play = game.getByTestId('builtin-play');
    await expect(play).toBeEnabled({ timeout: 20_000 });
    // The frame is as tall as the game: the page scrolls, never a frame inside it (issue 34:
    // 672 px of frame over 1,375 px of game on a phone).
    const inner = (await (await frame.elementHandle())!.contentFrame())!;
    await expect
      .poll(async () => {
        const [content, view] = await inner.evaluate(() => [
          document.documentElement.scrollHeight,
          window.innerHeight,
        ]);
        return content - view;
      })
      .toBeLessThanOrEqual(0);
    const header = page.getByTestId('header-balance-value');
    await expect(header).toContainText('1,000.00');
    const before = await header.innerText();
    for (let round = 0; round < 3; round++) {
      await play.click();
      await expect(play).toBeEnabled({ timeout: 20_000 });
    }
    await expect(header).not.toHaveText(before, { timeout: 15_000 });
    await lookShot(page, { path: shotPath(`game-frame-${layout.name}.png`) });

    // The account menu's betting record lists the three bets; profit and loss has the day.
    await page.goto('/');
    await page.getByTestId('header-account').getByRole('button').first().click();
    await page.getByTestId('menu-betting-record').click();
    const center = page.getByTestId('member-center');
    const bets = center.getByTestId('page-personalHistoryCopy');
    await expect(bets.getByTestId('bet-row')).toHaveCount(3);
    await expect(bets.getByTestId('bet-game')).toHaveText([layout.dice, layout.dice, layout.dice]);
    await expect(bets.getByTestId('bet-row').first()).toContainText('Rajwin Originals');
    await expect(bets.getByTestId('bet-row').first()).not.toContainText('BUILTIN');
    // Another range (the 30-day preset) fetches again: the rows still name the game.
    const presets = bets.getByRole('group');
    await presets.getByRole('button').nth(1).click();
    await expect(presets.getByRole('button').nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(bets.getByTestId('bet-game')).toHaveText([layout.dice, layout.dice, layout.dice]);
    await lookShot(page, { path: shotPath(`betting-record-${layout.name}.png`) });
    await page.goto('/?mc=personalProfit');
    const profit = center.getByTestId('page-personalProfit');
    await expect(profit.getByTestId('profit-row')).toHaveCount(1);
    await expect(profit.getByTestId('profit-row')).toContainText('3');
    await lookShot(page, { path: shotPath(`profit-${layout.name}.png`) });
  });
}
