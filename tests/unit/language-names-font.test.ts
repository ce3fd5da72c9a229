import { describe, expect, it } from 'vitest';
import { languageNames, languageNamesCss } from '../../scripts/language-names-font.ts';

/** The code points a CSS unicode-range list names. */
function codePoints(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const low = parseInt(from ?? '', 16);
    for (let code = low; code <= (to ? parseInt(to, 16) : low); code++) points.add(code);
  }
  return points;
}

describe("the language menus' face (issue 35: a page names every language without its face)", () => {
  it('covers every character of every native name outside Latin, in a few inline KB', async () => {
    const css = await languageNamesCss();
    const faces = [...css.matchAll(/@font-face \{([^}]*)\}/g)].map(([, body = '']) => ({
      data: /base64,([A-Za-z0-9+/=]+)/.exec(body)?.[1] ?? '',
      range: codePoints(/unicode-range: ([^;]+);/.exec(body)?.[1] ?? ''),
    }));
    expect(faces.length).toBe(2);
    const wanted = [...languageNames().join('')].filter((ch) => (ch.codePointAt(0) ?? 0) > 0x024f);
    expect(wanted).toEqual(expect.arrayContaining([...'हिन्दीবাংলা']));
    const uncovered = wanted.filter(
      (ch) => !faces.some((face) => face.range.has(ch.codePointAt(0) ?? 0)),
    );
    expect(uncovered).toEqual([]);
    for (const face of faces) {
      // Each subset in a few KB, against 45-55 KB for a whole face of the script.
      expect(Buffer.from(face.data, 'base64').length).toBeLessThan(4096);
      // woff2, so every browser that draws the site's faces draws these.
      expect(Buffer.from(face.data, 'base64').subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
  });

  it('names nothing of Latin, which the system face draws', async () => {
    const css = await languageNamesCss(['English', 'বাংলা']);
    const ranges = [...css.matchAll(/unicode-range: ([^;]+);/g)].map(([, range = '']) =>
      codePoints(range),
    );
    expect(ranges.length).toBe(1);
    expect([...(ranges[0] ?? [])].every((code) => code >= 0x0980 && code <= 0x09ff)).toBe(true);
  });
});
