/**
 * Free spins of the points mall, end to end, on a server whose loyalty count runs every 5
 * seconds (LOYALTY_COUNT_SECONDS): a player earns points with 10 slot rounds of ₹100, redeems
 * the demo "20 free spins" item (loyalty.seed-steps.ts) with the payment password, the operator
 * approves and releases it, the redeem history shows the grant, and the built-in slot shows
 * "20 free spins left" and spins one without taking the stake. The texts looked for are the
 * site's own translations (the built-in games' page fills {{placeholders}} the same way).
 */
import type { Page } from '@playwright/test';
import { loyaltyOpsPaths } from '../../src/contract/loyalty.ts';
import { expect, test, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { builtinLaunchUrl } from './support/builtin.ts';
import { openSignedIn } from './support/member.ts';
import { opsRequest } from './support/ops.ts';
import { releaseRedemption } from './support/loyalty.ts';
import { siteTexts } from './support/texts.ts';

test.use({ siteSettings: apiRegistration, serverEnv: { LOYALTY_COUNT_SECONDS: '5' } });
test.describe.configure({ timeout: 240_000 });

type Language = 'hi' | 'en';
const textsOf = (language: Language) => siteTexts(language, ['loyalty', 'builtin-games']);

/** The demo item's title (loyalty.seed-steps.ts). */
const freeSpinsItem = { en: '20 free spins', hi: '20 फ्री स्पिन' } as const;

/** `rounds` paid rounds of ₹100 in the built-in slot, in a page of its own. */
async function playSlot(page: Page, language: Language, rounds: number) {
  const game = await page.context().newPage();
  await game.goto(await builtinLaunchUrl(page, workerBaseURL(), 'slot', language));
  await game.locator('label', { has: game.locator('input[name="stake"][value="10000"]') }).click();
  await expect(game.locator('input[name="stake"][value="10000"]')).toBeChecked();
  const nonce = game.getByTestId('builtin-nonce');
  const first = Number(await nonce.textContent());
  for (let i = 1; i <= rounds; i++) {
    await game.getByTestId('builtin-play').click();
    await expect(nonce).toHaveText(String(first + i));
    await expect(game.getByTestId('builtin-play')).toBeEnabled();
  }
  await game.close();
}

// One run, English on a desktop (engagement.spec.ts plays the slot in Hindi on a phone).
for (const run of [
  { language: 'en', viewport: { width: 1280, height: 800 }, where: 'English, desktop' },
] as const) {
  test(`a player redeems free spins, the operator releases them, the slot spins them (${run.where})`, async ({
    page,
    context,
    wallet,
  }) => {
    const { language } = run;
    await context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
    await page.setViewportSize(run.viewport);
    const t = await textsOf(language);
    const { memberId } = await openSignedIn(page, workerBaseURL());
    await wallet.credit(memberId, '200000');
    // One point for every ₹10 of valid turnover (as the engagement spec sets it).
    await opsRequest(workerBaseURL(), 'PUT', loyaltyOpsPaths.settings, {
      turnoverPerPoint: '1000',
      rebateAuto: false,
      vipServiceUrl: '',
      liveChatUrl: '',
    });

    // 1. ₹1,000 of turnover: 100 points, shown in the header as the count adds them.
    await playSlot(page, language, 10);
    await expect(page.getByTestId('header-points')).toContainText('100', { timeout: 30_000 });

    // 2. The 20 free spins for 80 points, with the payment password.
    await page.goto('/pointMall');
    const item = page
      .getByTestId('points-member')
      .locator('li', { has: page.getByRole('heading', { name: freeSpinsItem[language] }) });
    await item.getByRole('button', { name: t('loyalty:points.redeem') }).click();
    const form = page.getByRole('form', { name: t('loyalty:points.redeem') });
    await form.getByLabel(t('loyalty:points.paymentPassword')).fill('123456');
    await form.getByRole('button', { name: t('loyalty:points.confirm') }).click();
    await expect(page.getByTestId('points-member')).toContainText(
      t('loyalty:points.redeemed', { name: freeSpinsItem[language] }),
    );

    // 3. The operator approves and releases it: the history shows the grant.
    await releaseRedemption(workerBaseURL(), memberId);
    await page.getByRole('button', { name: t('loyalty:points.back') }).click();
    await page.getByRole('tab', { name: t('loyalty:points.tabs.history') }).click();
    const granted = page.getByTestId('points-free-rounds');
    await expect(granted).toBeVisible();
    await expect(granted).toContainText('20');

    // 4. The slot: 20 free spins left; a spin uses one and takes no stake.
    const game = await context.newPage();
    await game.goto(await builtinLaunchUrl(page, workerBaseURL(), 'slot', language));
    const free = game.getByTestId('builtin-free-spins');
    await expect(free).toContainText(t('builtin-games:freeSpins.left_other', { count: 20 }));
    const balance = game.getByTestId('builtin-balance');
    const before = (await balance.textContent())!;
    const play = game.getByTestId('builtin-play');
    await expect(play).toHaveText(t('builtin-games:freeSpins.spin'));
    await play.click();
    await expect(free).toContainText(t('builtin-games:freeSpins.left_other', { count: 19 }));
    const row = game.getByTestId('builtin-history').locator('tbody tr').first();
    await expect(row).toContainText(t('builtin-games:freeSpins.round'));
    // A win only adds: the balance never goes below what it was.
    const digits = (text: string) => Number(text.replace(/[^\d]/g, ''));
    expect(digits((await balance.textContent())!)).toBeGreaterThanOrEqual(digits(before));
  });
}
