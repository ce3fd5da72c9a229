import type { Page } from '@playwright/test';
import { expect, test, workerBaseURL } from './support/fixtures.ts';
import { moduleIds } from '../../src/contract/system.ts';
import { opsDriver } from './support/ops.ts';

const ops = () => opsDriver({ baseURL: workerBaseURL() });
const header = (page: Page) => page.locator('header.site-header');
const footer = (page: Page) => page.locator('footer.site-footer');

test.describe('header rules', () => {
  test('/login shows the header only', async ({ page }) => {
    await page.goto('/login');
    await expect(header(page)).toBeVisible();
    await expect(footer(page)).toHaveCount(0);
  });

  for (const path of ['/seamless', '/lottery', '/helpmc', '/down']) {
    test(`${path} shows no header`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main').first()).toBeVisible();
      await expect(header(page)).toHaveCount(0);
    });
  }

  test('/download goes to /down', async ({ page }) => {
    await page.goto('/download');
    await expect(page).toHaveURL(/\/down$/);
    await expect(page.getByTestId('page-download')).toBeVisible();
  });

  test('an unknown path shows the not-found page inside the layout', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByTestId('page-not-found')).toBeVisible();
    await expect(header(page)).toBeVisible();
  });
});

test.describe('login before the home page', () => {
  test.afterEach(async () => ops().setModule(moduleIds.loginBeforeHome, false));

  test('with the flag on, a visitor is sent to /login except on the open routes', async ({
    page,
  }) => {
    await ops().setModule(moduleIds.loginBeforeHome, true);
    await page.goto('/rng');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    for (const open of ['/register', '/helpmc']) {
      await page.goto(open);
      await expect(page).toHaveURL(new RegExp(`${open}$`));
    }

    await ops().setModule(moduleIds.loginBeforeHome, false);
    await page.goto('/rng');
    await expect(page).toHaveURL(/\/rng$/);
  });
});
