/**
 * The Devanagari faces cut to Hindi's letters (scripts/hindi-faces.ts, issue 35): the subset's
 * range in fonts.css is the one the build cuts, it and the whole face's remaining range cover
 * exactly the script fontsource's face did, and every Devanagari character the site's own texts
 * use is in the subset (a new text with a letter outside it fails here, not on a phone).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hindiCharacters, hindiRange, rangeCodePoints } from '../../scripts/hindi-faces.ts';

const css = readFileSync(join(import.meta.dirname, '../../src/ui/styles/fonts.css'), 'utf8');
const fontsourceRange =
  'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09';

/** The unicode-range of each Devanagari face in fonts.css whose source matches `file`. */
function rangesOf(file: RegExp): string[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.includes("'Noto Sans Devanagari'") && file.test(body))
    .map((body) => (/unicode-range:([^;]*);/.exec(body)?.[1] ?? '').replace(/\s+/g, ''));
}

describe('the Hindi faces', () => {
  it('declares the range the build cuts, for both weights', () => {
    const subsets = rangesOf(/generated\/noto-sans-devanagari-hindi-(400|700)\.woff2/);
    expect(subsets).toEqual([hindiRange, hindiRange]);
  });

  it('leaves the rest of the script to the whole face: together exactly fontsource’s range', () => {
    const whole = rangesOf(/@fontsource\/noto-sans-devanagari\/files/);
    expect(whole).toHaveLength(2);
    const subset = rangeCodePoints(hindiRange);
    for (const range of whole) {
      const rest = rangeCodePoints(range);
      expect([...rest].filter((point) => subset.has(point))).toEqual([]);
      expect(new Set([...subset, ...rest])).toEqual(rangeCodePoints(fontsourceRange));
    }
  });

  it('holds every Devanagari character of the site’s texts', () => {
    const subset = rangeCodePoints(hindiRange);
    const outside = hindiCharacters().filter((char) => !subset.has(char.codePointAt(0) ?? 0));
    expect(outside).toEqual([]);
  });
});
