/**
 * The site's own texts in `language` for e2e assertions: i18next over the app's locale files
 * (src/services/i18n/locales), so a spec looks for what the page really says.
 *
 * @example
 * const t = await siteTexts('hi', ['loyalty']);
 * await expect(page.getByRole('button', { name: t('loyalty:points.redeem') })).toBeVisible();
 */
import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';

export async function siteTexts(
  language: string,
  namespaces: readonly string[],
): Promise<TFunction> {
  const texts = i18next.createInstance();
  await texts.init({
    lng: language,
    ns: [...namespaces],
    interpolation: { escapeValue: false },
    resources: {
      [language]: Object.fromEntries(
        namespaces.map((ns) => [
          ns,
          JSON.parse(readFileSync(`src/services/i18n/locales/${language}/${ns}.json`, 'utf8')),
        ]),
      ),
    },
  });
  return texts.t;
}
