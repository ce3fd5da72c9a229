import { expect, test } from './support/fixtures.ts';

test('the home page loads in Hindi, the default language', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
});
