import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import type { Language } from '../../src/contract/constants.ts';

/**
 * The help centre (/helpmc): the server's search in the page's language (Hindi by default),
 * reached by keyboard, with its searching, found and no-match states told by a status line.
 */

type HelpMcTexts = { searchLabel: string; searching: string; noResults: string };

/** The page's own texts (src/services/i18n/locales/<language>/pages.json). */
function textsOf(language: Language): HelpMcTexts {
  const pages = JSON.parse(
    readFileSync(`src/services/i18n/locales/${language}/pages.json`, 'utf8'),
  ) as { helpmc: HelpMcTexts };
  return pages.helpmc;
}

/** Holds the search calls until `release`, so the searching state can be seen. */
async function holdSearches(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.endsWith('/wps/system/helpCenter') && url.searchParams.has('keyword'),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}

const runs: {
  language: Language;
  setLanguage: boolean;
  word: string;
  found: string;
  other: string;
}[] = [
  // No language chosen: the site's default, Hindi.
  {
    language: 'hi',
    setLanguage: false,
    word: 'पासवर्ड भूल',
    found: 'पासवर्ड भूल गया',
    other: 'पात्रता',
  },
  {
    language: 'en',
    setLanguage: true,
    word: 'forgot PASSWORD',
    found: 'I forgot my password',
    other: 'Eligibility',
  },
];

for (const run of runs) {
  test(`/helpmc searches the help centre in ${run.language}`, async ({ page }) => {
    const t = textsOf(run.language);
    if (run.setLanguage) {
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), run.language);
    }
    await page.goto('/helpmc');
    const search = page.getByRole('searchbox', { name: t.searchLabel });
    const status = page.getByTestId('helpmc-status');
    const results = page.getByTestId('helpmc-results');
    await expect(search).toBeVisible();
    // Before a search every article shows.
    await expect(results.getByRole('heading', { name: run.other, exact: true })).toBeVisible();

    // From the field on, the keyboard only: typing, then Enter searches at once.
    await search.focus();
    await expect(search).toBeFocused();
    const release = await holdSearches(page);
    await page.keyboard.type(run.word);
    await page.keyboard.press('Enter');
    await expect(status).toHaveAttribute('role', 'status');
    await expect(status).toContainText(t.searching);
    await expect(results).toHaveAttribute('aria-busy', 'true');
    release();

    await expect(results).toHaveAttribute('aria-busy', 'false');
    await expect(results.getByRole('heading', { name: run.found, exact: true })).toBeVisible();
    await expect(results.getByRole('heading', { name: run.other, exact: true })).toHaveCount(0);
    await expect(status).not.toContainText(t.searching);
    await expect(status).toContainText(/\d/);

    // Nothing matches: the status line says so.
    await search.fill('zqxjkv');
    await page.keyboard.press('Enter');
    await expect(status).toHaveText(t.noResults);
    await expect(results.getByRole('heading')).toHaveCount(0);

    // Escape empties the field and every article shows again.
    await page.keyboard.press('Escape');
    await expect(search).toHaveValue('');
    await expect(results.getByRole('heading', { name: run.other, exact: true })).toBeVisible();
  });
}
