/**
 * The reward center claims in place (issue 16): a new player deposits ₹500 (a bank transfer the
 * operator confirms); the reward center lists the 100 % first deposit bonus, and its row's own
 * button claims it there: the button says it is claiming, a status line says it was claimed,
 * and the list, read again, no longer offers it. In Hindi (the default) and in English, with the
 * site's own texts.
 */
import { expect, test, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { registerPlayer } from './support/identity.ts';
import { logInThroughPopup, memberIdOf } from './support/member.ts';
import { siteTexts } from './support/texts.ts';

test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 120_000 });

/** The demo promotion's title (promotions.seed-steps.ts). */
const firstDeposit = { en: '100% first deposit bonus', hi: 'पहली जमा पर 100% बोनस' } as const;

// English (engagement.spec.ts opens the reward center in Hindi).
for (const language of ['en'] as const) {
  test(`a reward is claimed from its row, with a status and the list read again (${language})`, async ({
    page,
    context,
    deposits,
  }) => {
    const t = await siteTexts(language, ['promotions']);
    await context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
    const player = await registerPlayer(workerBaseURL());
    await page.goto('/');
    await logInThroughPopup(page, player);
    const memberId = await memberIdOf(page, workerBaseURL());

    // A ₹500 bank transfer, confirmed by the operator.
    await page.goto('/?mc=depositv2');
    await page.getByTestId('deposit-channel-bank_transfer').click();
    await page.getByTestId('deposit-amount').fill('500');
    await page.getByTestId('deposit-amount-form').locator('button[type=submit]').click();
    await page.getByTestId('deposit-reference').fill('UTR-11223344');
    await page.getByTestId('deposit-bank-details').locator('button[type=submit]').click();
    await expect(page.getByTestId('deposit-awaiting')).toBeVisible();
    const [order] = await deposits.pending(memberId);
    expect(order, 'the deposit order awaits the operator').toBeDefined();
    await deposits.confirm(order!.orderId);

    await page.goto('/?mc=rewardCenter');
    const center = page.getByTestId('page-rewardCenter');
    const title = firstDeposit[language];
    const row = center.getByTestId('reward-item').filter({ hasText: title });
    await expect(row).toContainText('500.00');
    // The row's button is named after what it claims; keyboard: focus it and press Enter.
    const button = row.getByRole('button', { name: t('reward.claimItem', { title }) });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(
      center.getByRole('status').filter({ hasText: t('reward.claimed', { title }) }),
    ).toBeVisible();
    // Read again: the bonus is claimed, so the list no longer offers it.
    await expect(center.getByTestId('reward-item').filter({ hasText: title })).toHaveCount(0);
  });
}
