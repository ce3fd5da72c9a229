import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages } from '../../src/contract/constants.ts';
import { vendorLaneSeed } from '../../src/server/areas/system/vendors.seed.ts';

const root = new URL('../../src/services/i18n/locales/', import.meta.url);
const typeTexts = (language: string): Record<string, string> =>
  (
    JSON.parse(readFileSync(new URL(`${language}/pages.json`, root), 'utf8')) as {
      games: { types: Record<string, string> };
    }
  ).games.types;

// The lobby's game-type chips show `games.types.<key>`; the demo's keys are the seeded ones.
describe('game-type chips', () => {
  const seeded = [...new Set(vendorLaneSeed.flatMap((lane) => lane.gameClassify))];

  it.each(languages)('every seeded game type has a %s name that is not its key', (language) => {
    const texts = typeTexts(language);
    for (const key of seeded) {
      expect(texts[key], `${language} games.types.${key}`).toBeTruthy();
      expect(texts[key], `${language} games.types.${key}`).not.toBe(key);
    }
  });
});
