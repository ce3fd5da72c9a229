import type { Page } from '@playwright/test';
import { expect, test, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { builtinLaunchUrl } from './support/builtin.ts';
import { registerPlayer } from './support/identity.ts';
import { logInThroughPopup, memberIdOf } from './support/member.ts';

test.use({ siteSettings: apiRegistration, reducedMotion: 'no-preference' });
test.describe.configure({ timeout: 240_000 });

/** A launch of a built-in game for the page's player, through the site's launch call. */
const launchUrl = (page: Page, gameCode: string, language: string) =>
  builtinLaunchUrl(page, workerBaseURL(), gameCode, language);

/** Plays `rounds` rounds with the page's game; each lands in the history. */
async function playRounds(game: Page, rounds: number) {
  const history = game.getByTestId('builtin-history').locator('tbody tr');
  const before = (await game.getByTestId('builtin-history').count()) ? await history.count() : 0;
  for (let i = 1; i <= rounds; i++) {
    await game.getByTestId('builtin-play').click();
    await expect(history).toHaveCount(before + i);
    await expect(game.getByTestId('builtin-play')).toBeEnabled();
  }
}

test('a player plays the slot, dice and crash, each round through the wallet, then verifies one (English, desktop)', async ({
  page,
  context,
  wallet,
}) => {
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.setViewportSize({ width: 1280, height: 800 });
  const player = await registerPlayer(workerBaseURL());
  await page.goto('/');
  await logInThroughPopup(page, player);
  await wallet.credit(await memberIdOf(page, workerBaseURL()), '100000');

  const game = await context.newPage();
  for (const [code, title] of [
    ['slot', 'Rajwin Slot'],
    ['dice', 'Rajwin Dice'],
    ['crash', 'Rajwin Crash'],
  ] as const) {
    await game.goto(await launchUrl(page, code, 'en'));
    await expect(game.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(game.getByTestId('builtin-hash')).toHaveText(/^[0-9a-f]{64}$/);
    const balance = game.getByTestId('builtin-balance');
    const start = await balance.textContent();
    await playRounds(game, 3);
    // The balance is the wallet's after the rounds: three stakes of ₹1.00 went out.
    await expect(balance).not.toHaveText(start ?? '');
  }

  // The seed rotation reveals the server seed; the verifier recomputes the last round with it.
  // The next server seed's hash was on screen before the rotation: it is the one put in use.
  const firstRound = game.getByTestId('builtin-history').locator('tbody tr').first();
  const result = (await firstRound.locator('td').nth(3).textContent())!;
  const verifyHref = (await firstRound.locator('a').getAttribute('href'))!;
  const nextHash = (await game.getByTestId('builtin-next-hash').textContent())!.trim();
  expect(nextHash).toMatch(/^[0-9a-f]{64}$/);
  await game.getByRole('button', { name: 'New seed pair' }).click();
  await expect(game.getByTestId('builtin-hash')).toHaveText(nextHash);
  const revealed = (await game.getByTestId('builtin-revealed').textContent())!.trim();
  await game.goto(`${verifyHref}&lang=en`);
  await game.getByLabel('Server seed', { exact: true }).fill(revealed);
  await game.getByRole('button', { name: 'Verify' }).click();
  await expect(game.getByTestId('verify-hash')).toHaveText(
    'The server seed matches the hash shown before play.',
  );
  // The last round is a crash round: its crash point, as the history showed it.
  await expect(game.getByTestId('verify-outcome')).toContainText(`${result}`);
});

test('the slot on a phone, in Hindi: rounds played, texts and balance in Hindi', async ({
  page,
  context,
  wallet,
}) => {
  await context.addInitScript(() => localStorage.setItem('lang', 'hi'));
  await page.setViewportSize({ width: 390, height: 844 });
  const player = await registerPlayer(workerBaseURL());
  await page.goto('/');
  await logInThroughPopup(page, player);
  await wallet.credit(await memberIdOf(page, workerBaseURL()), '5000');

  await page.goto(await launchUrl(page, 'slot', 'hi'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('राजविन स्लॉट');
  await expect(page.getByTestId('builtin-balance')).toHaveText('₹50.00');
  await playRounds(page, 2);
  await expect(page.getByRole('button', { name: 'स्पिन' })).toBeVisible();
  // ₹100.00 is more than ₹50.00 less two ₹1.00 spins can have become: refused, said in Hindi.
  await page.getByText('₹100.00').click();
  await page.getByTestId('builtin-play').click();
  await expect(page.getByTestId('builtin-notice')).toHaveText('इस दांव के लिए शेष राशि अपर्याप्त है।');
});
