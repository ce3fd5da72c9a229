import type { Page } from '@playwright/test';
import { expect, test, workerBaseURL } from './support/fixtures.ts';
import { bannerGroupByPath } from '../../src/contract/routes.ts';
import hiLayout from '../../src/services/i18n/locales/hi/layout.json' with { type: 'json' };
import enLayout from '../../src/services/i18n/locales/en/layout.json' with { type: 'json' };
import { opsDriver } from './support/ops.ts';

const ops = () => opsDriver({ baseURL: workerBaseURL() });

test.describe('languages and theme', () => {
  test('home renders in Hindi by default', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('page-home')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('navigation').first()).toContainText(hiLayout.nav.home);
  });

  test('English chosen in the language menu survives a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('language-menu').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByTestId('page-home')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation').first()).toContainText(enLayout.nav.home);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  });

  test('the dark theme survives a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.getByTestId('page-home')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('operator control', () => {
  test.afterEach(async () => {
    await ops().clearMaintenance();
    await ops().clearRegion();
  });

  test('maintenance switched on by the operator shows its end time', async ({ page }) => {
    const endTime = '2031-03-04T05:06:00.000Z';
    await ops().setMaintenance(endTime);
    await page.goto('/');
    await expect(page.getByTestId('page-maintenance')).toBeVisible();
    const end = page.getByTestId('maintenance-end');
    await expect(end).toHaveAttribute('datetime', endTime);
    // Shown in the visitor's language and zone: the year and the day of the end time are there.
    await expect(end).toContainText(/2031/);
    await expect(page.getByTestId('page-home')).toHaveCount(0);

    await ops().clearMaintenance();
    await page.reload();
    await expect(page.getByTestId('page-home')).toBeVisible();
  });

  test('a blocked IP range shows the region page with the visitor IP', async ({ page }) => {
    await ops().blockCidrs(['127.0.0.0/8', '::1/128']);
    await page.goto('/');
    await expect(page.getByTestId('page-region')).toBeVisible();
    await expect(page.getByTestId('region-ip')).toHaveText(
      /^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/,
    );

    await ops().clearRegion();
    await page.reload();
    await expect(page.getByTestId('page-home')).toBeVisible();
  });
});

test.describe('banners', () => {
  const slideSources = async (page: Page) =>
    page
      .getByTestId('banner-slide')
      .locator('img')
      .evaluateAll((imgs) =>
        // Banner art is lazy: slides far from view have no address yet (the first is eager).
        imgs.flatMap((img) => {
          const { src } = img as HTMLImageElement;
          return src ? [new URL(src).pathname] : [];
        }),
      );

  for (const path of ['/', '/rng', '/live', '/promotions', '/help']) {
    test(`banners on ${path} are only those of its group`, async ({ page }) => {
      const group = bannerGroupByPath[path];
      await page.goto(path);
      await expect(page.getByTestId('banner-carousel')).toBeVisible();
      await expect(page.getByTestId('banner-slide').locator('img').first()).toHaveAttribute(
        'src',
        /./,
      );
      const sources = await slideSources(page);
      expect(sources.length).toBeGreaterThan(0);
      for (const source of sources)
        expect(source).toMatch(new RegExp(`/media/banners/${group}-\\d+\\.svg$`));
    });
  }

  test('a route without a banner group shows no carousel', async ({ page }) => {
    await page.goto('/noticePage');
    await expect(page.getByTestId('page-notice')).toBeVisible();
    await expect(page.getByTestId('banner-carousel')).toHaveCount(0);
  });
});
