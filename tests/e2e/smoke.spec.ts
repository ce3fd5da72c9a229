import { expect, test } from '@playwright/test';

test('the home page loads in Hindi, the default language', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
});
