import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './support/fixtures.ts';

// Serious and critical WCAG A/AA problems on the pages this issue completes, in both themes.
const pages = [
  { path: '/', testId: 'page-home' },
  { path: '/help', testId: 'page-help' },
  { path: '/noticePage', testId: 'page-notice' },
  { path: '/join', testId: 'page-join' },
  { path: '/down', testId: 'page-download' },
  { path: '/rng', testId: 'jackpot-counter' },
];

// axe reads every node of the page: slower than the other checks, so a larger budget.
test.describe.configure({ timeout: 60_000 });

for (const theme of ['light', 'dark'] as const) {
  for (const { path, testId } of pages) {
    test(`${path} in the ${theme} theme has no serious accessibility problems`, async ({
      page,
    }) => {
      await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      await page.goto(path);
      // The first page of the run waits for a cold server and browser.
      await expect(page.getByTestId(testId)).toBeVisible({ timeout: 30_000 });
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa'])
        // The carousels move on their own; axe reads half-faded slides as low contrast.
        .exclude('.swiper')
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
}
