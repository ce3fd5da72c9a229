/**
 * Draws the site's artwork (logo, favicon, banners, vendor logos, licence seals, category icons,
 * app badges) as SVG into public/, so every image the site shows is made for the project.
 *
 * Run: `npm exec -- node scripts/artwork.ts` (add `--png <dir>` to also render PNG previews).
 * The output is deterministic: the same script always writes the same bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { bannerGroups } from '../src/contract/routes.ts';

const root = resolve(import.meta.dirname, '..');
const publicDir = join(root, 'public');
const BRAND = 'Rajwin';
const FONT = `'Poppins','Segoe UI','Trebuchet MS','Noto Sans','DejaVu Sans',Arial,sans-serif`;

// ---------------------------------------------------------------------------------------------
// Small helpers

function at<T>(list: readonly T[], index: number): T {
  const item = list[((index % list.length) + list.length) % list.length];
  if (item === undefined) throw new Error('empty list');
  return item;
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** mulberry32: a tiny seeded generator so confetti and bokeh are the same on every run. */
function seeded(seedText: string): () => number {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function svg(width: number, height: number, body: string, title: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(title)}">` +
    `<title>${esc(title)}</title>${body}</svg>\n`
  );
}

/** Rough width of bold sans text, to pick a font size that keeps text inside its box. */
function textWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) {
    // Widths of DejaVu Sans Bold, the widest of the fonts in FONT, so other fonts fit too.
    if (ch === ' ') units += 0.35;
    else if ("il.,'!|:".includes(ch)) units += 0.36;
    else if ('mwMW'.includes(ch)) units += 1.0;
    else if (ch >= 'A' && ch <= 'Z') units += 0.78;
    else units += 0.68;
  }
  return units * size;
}

function fitSize(text: string, maxWidth: number, maxSize: number): number {
  return Math.min(maxSize, Math.floor(maxSize * (maxWidth / textWidth(text, maxSize))));
}

function star(cx: number, cy: number, outer: number, inner: number, points: number): string {
  const pts: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI * i) / points - Math.PI / 2;
    pts.push(`${r1(cx + radius * Math.cos(angle))},${r1(cy + radius * Math.sin(angle))}`);
  }
  return pts.join(' ');
}

function polygon(cx: number, cy: number, radius: number, sides: number, turn = 0): string {
  const pts: string[] = [];
  for (let i = 0; i < sides; i++) {
    const angle = (2 * Math.PI * i) / sides - Math.PI / 2 + turn;
    pts.push(`${r1(cx + radius * Math.cos(angle))},${r1(cy + radius * Math.sin(angle))}`);
  }
  return pts.join(' ');
}

// ---------------------------------------------------------------------------------------------
// Pictograms: drawn in a 100x100 box centred on 0,0, in `ink` with `accent` details.

type Glyph = (ink: string, accent: string) => string;

const glyphs = {
  lotus: (ink, accent) =>
    `<g fill="${ink}"><path d="M0,-38 C14,-22 14,8 0,24 C-14,8 -14,-22 0,-38Z"/>` +
    `<path d="M-8,22 C-30,14 -40,-6 -36,-22 C-20,-16 -8,-2 -4,16Z"/>` +
    `<path d="M8,22 C30,14 40,-6 36,-22 C20,-16 8,-2 4,16Z"/>` +
    `<path d="M-42,10 C-28,28 -10,30 0,30 C10,30 28,28 42,10 C30,34 12,40 0,40 C-12,40 -30,34 -42,10Z" fill="${accent}"/></g>`,
  tiger: (ink, accent) =>
    `<g><circle r="34" fill="${ink}"/><circle cx="-26" cy="-28" r="10" fill="${ink}"/><circle cx="26" cy="-28" r="10" fill="${ink}"/>` +
    `<g fill="${accent}"><path d="M-6,-34 L0,-18 L6,-34Z"/><path d="M-30,-6 L-14,-2 L-30,4Z"/><path d="M30,-6 L14,-2 L30,4Z"/>` +
    `<circle cx="-12" cy="-8" r="5"/><circle cx="12" cy="-8" r="5"/><path d="M-8,8 L8,8 L0,16Z"/><path d="M-12,22 Q0,30 12,22" fill="none" stroke="${accent}" stroke-width="4"/></g></g>`,
  globe: (ink, accent) =>
    `<g fill="none" stroke="${ink}" stroke-width="6"><circle r="36"/><ellipse rx="16" ry="36"/><path d="M-36,0 H36 M-30,-18 H30 M-30,18 H30"/></g>` +
    `<circle cx="24" cy="-24" r="8" fill="${accent}"/>`,
  play: (ink, accent) =>
    `<circle r="38" fill="none" stroke="${ink}" stroke-width="6"/><path d="M-12,-20 L22,0 L-12,20Z" fill="${ink}"/>` +
    `<circle cx="28" cy="-28" r="7" fill="${accent}"/>`,
  bolt: (ink, accent) =>
    `<path d="M8,-42 L-24,6 L-2,6 L-10,42 L24,-8 L2,-8Z" fill="${ink}" stroke="${accent}" stroke-width="3" stroke-linejoin="round"/>`,
  football: (ink, accent) =>
    `<circle r="36" fill="${ink}"/><polygon points="${polygon(0, 0, 13, 5)}" fill="${accent}"/>` +
    `<g stroke="${accent}" stroke-width="4"><path d="M0,-13 V-34 M12.4,-4 L32,-11 M7.6,10.5 L20,28 M-7.6,10.5 L-20,28 M-12.4,-4 L-32,-11"/></g>`,
  cricket: (ink, accent) =>
    `<g transform="rotate(-35)"><rect x="-9" y="-44" width="18" height="60" rx="8" fill="${ink}"/><rect x="-4" y="14" width="8" height="26" rx="3" fill="${ink}"/></g>` +
    `<circle cx="22" cy="24" r="14" fill="${accent}"/><path d="M12,16 Q22,24 32,32" stroke="${ink}" stroke-width="2.5" fill="none" stroke-dasharray="3 3"/>`,
  controller: (ink, accent) =>
    `<path d="M-30,-16 H30 C44,-16 48,10 44,22 C40,34 28,34 22,24 L16,14 H-16 L-22,24 C-28,34 -40,34 -44,22 C-48,10 -44,-16 -30,-16Z" fill="${ink}"/>` +
    `<path d="M-30,-2 H-18 M-24,-8 V4" stroke="${accent}" stroke-width="5" stroke-linecap="round"/>` +
    `<circle cx="20" cy="-4" r="4.5" fill="${accent}"/><circle cx="30" cy="4" r="4.5" fill="${accent}"/>`,
  swords: (ink, accent) =>
    `<g stroke-linecap="round"><path d="M-32,-32 L22,22 M32,-32 L-22,22" stroke="${ink}" stroke-width="9"/>` +
    `<path d="M10,30 L30,10 M-10,30 L-30,10" stroke="${accent}" stroke-width="8"/>` +
    `<path d="M28,28 L36,36 M-28,28 L-36,36" stroke="${ink}" stroke-width="8"/></g>`,
  star: (ink, accent) =>
    `<polygon points="${star(0, 0, 40, 17, 5)}" fill="${ink}"/><circle r="8" fill="${accent}"/>`,
  gem: (ink, accent) =>
    `<path d="M-36,-12 L-20,-32 H20 L36,-12 L0,36Z" fill="${ink}"/>` +
    `<path d="M-36,-12 H36 M-20,-32 L-8,-12 L0,36 L8,-12 L20,-32" stroke="${accent}" stroke-width="3" fill="none"/>`,
  flame: (ink, accent) =>
    `<path d="M0,-42 C16,-20 34,-8 30,14 C26,34 12,42 0,42 C-12,42 -26,34 -30,14 C-34,-4 -18,-14 -14,-30 C-6,-18 -4,-10 0,-42Z" fill="${ink}"/>` +
    `<path d="M0,0 C8,10 14,16 12,26 C10,34 4,36 0,36 C-4,36 -10,34 -12,26 C-14,16 -6,10 0,0Z" fill="${accent}"/>`,
  rain: (ink, accent) =>
    `<path d="M-30,6 C-44,6 -44,-16 -28,-16 C-26,-32 -4,-38 6,-24 C14,-34 34,-28 32,-12 C46,-10 44,6 30,6Z" fill="${ink}"/>` +
    `<g fill="${accent}"><path d="M-20,14 l-6,14 a6,6 0 1 0 12,0Z"/><path d="M2,18 l-6,14 a6,6 0 1 0 12,0Z"/><path d="M24,14 l-6,14 a6,6 0 1 0 12,0Z"/></g>`,
  cobra: (ink, accent) =>
    `<path d="M-6,-30 C-30,-30 -30,-2 -6,-2 C18,-2 22,30 -4,32 C-20,33 -30,26 -34,18" fill="none" stroke="${ink}" stroke-width="11" stroke-linecap="round"/>` +
    `<ellipse cx="2" cy="-32" rx="14" ry="10" fill="${ink}"/><circle cx="6" cy="-34" r="3" fill="${accent}"/>` +
    `<path d="M14,-30 l10,2 l-4,3 l4,3" stroke="${accent}" stroke-width="2" fill="none"/>`,
  cherry: (ink, accent) =>
    `<path d="M-14,14 C-10,-10 0,-26 16,-38 M16,14 C14,-10 14,-24 16,-38" stroke="${accent}" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `<path d="M16,-38 C26,-40 36,-32 38,-24 C28,-22 20,-28 16,-38Z" fill="${accent}"/>` +
    `<circle cx="-16" cy="22" r="16" fill="${ink}"/><circle cx="18" cy="22" r="16" fill="${ink}"/>`,
  crown: (ink, accent) =>
    `<path d="M-38,24 L-42,-20 L-20,0 L0,-32 L20,0 L42,-20 L38,24Z" fill="${ink}"/>` +
    `<rect x="-38" y="26" width="76" height="10" rx="3" fill="${ink}"/>` +
    `<g fill="${accent}"><circle cx="0" cy="10" r="6"/><circle cx="-22" cy="14" r="4"/><circle cx="22" cy="14" r="4"/></g>`,
  diya: (ink, accent) =>
    `<path d="M0,-40 C10,-26 12,-16 0,-8 C-12,-16 -10,-26 0,-40Z" fill="${accent}"/>` +
    `<path d="M-42,0 H42 C38,24 20,34 0,34 C-20,34 -38,24 -42,0Z" fill="${ink}"/>` +
    `<path d="M-30,10 H30" stroke="${accent}" stroke-width="3" stroke-dasharray="6 5"/>`,
  peacock: (ink, accent) =>
    `<path d="M0,44 C-4,10 -22,-10 -22,-22 C-22,-38 -10,-44 0,-44 C10,-44 22,-38 22,-22 C22,-10 4,10 0,44Z" fill="${ink}"/>` +
    `<ellipse cy="-22" rx="12" ry="14" fill="${accent}"/><ellipse cy="-20" rx="6" ry="7" fill="${ink}"/>`,
  pagoda: (ink, accent) =>
    `<g fill="${ink}"><path d="M-40,-8 Q0,-26 40,-8 L30,-4 H-30Z"/><path d="M-34,16 Q0,0 34,16 L26,20 H-26Z"/>` +
    `<rect x="-22" y="-4" width="44" height="14"/><rect x="-26" y="20" width="52" height="18"/><path d="M0,-40 L6,-22 H-6Z"/></g>` +
    `<rect x="-6" y="26" width="12" height="12" fill="${accent}"/>`,
  mango: (ink, accent) =>
    `<path d="M-4,-24 C24,-30 40,-6 34,16 C28,36 4,42 -14,34 C-36,24 -36,-16 -4,-24Z" fill="${ink}"/>` +
    `<path d="M-4,-24 C-6,-34 0,-40 8,-42 M2,-32 C14,-44 30,-40 34,-34 C22,-28 10,-28 2,-32Z" stroke="${accent}" stroke-width="3" fill="${accent}"/>`,
  cards: (ink, accent) =>
    `<g transform="rotate(-14)"><rect x="-34" y="-36" width="44" height="64" rx="6" fill="${ink}"/></g>` +
    `<g transform="rotate(12)"><rect x="-12" y="-34" width="44" height="64" rx="6" fill="${ink}" stroke="${accent}" stroke-width="3"/>` +
    `<path d="M10,-16 C18,-24 26,-12 10,4 C-6,-12 2,-24 10,-16Z" fill="${accent}"/></g>`,
  andarbahar: (ink, accent) =>
    `<rect x="-42" y="-30" width="38" height="56" rx="6" fill="${ink}"/><rect x="4" y="-30" width="38" height="56" rx="6" fill="${ink}"/>` +
    `<text x="-23" y="8" font-family="${FONT}" font-weight="800" font-size="28" text-anchor="middle" fill="${accent}">A</text>` +
    `<text x="23" y="8" font-family="${FONT}" font-weight="800" font-size="28" text-anchor="middle" fill="${accent}">B</text>`,
  rummy: (ink, accent) =>
    [-24, -8, 8, 24]
      .map(
        (angle) =>
          `<g transform="rotate(${angle} 0 40)"><rect x="-14" y="-34" width="28" height="44" rx="4" fill="${ink}" stroke="${accent}" stroke-width="2.5"/></g>`,
      )
      .join('') + `<circle cy="-14" r="6" fill="${accent}"/>`,
  fish: (ink, accent) =>
    `<path d="M-34,0 C-20,-24 14,-26 28,0 C14,26 -20,24 -34,0Z" fill="${ink}"/><path d="M24,0 L44,-18 L40,0 L44,18Z" fill="${ink}"/>` +
    `<circle cx="-18" cy="-4" r="5" fill="${accent}"/><path d="M-4,-16 Q6,0 -4,16" stroke="${accent}" stroke-width="3" fill="none"/>`,
  kingfish: (ink, accent) =>
    `<path d="M-34,8 C-20,-16 14,-18 28,8 C14,34 -20,32 -34,8Z" fill="${ink}"/><path d="M24,8 L44,-10 L40,8 L44,26Z" fill="${ink}"/>` +
    `<path d="M-22,-12 L-24,-34 L-12,-22 L-4,-38 L4,-22 L14,-32 L12,-12Z" fill="${accent}"/><circle cx="-18" cy="4" r="5" fill="${accent}"/>`,
  wave: (ink, accent) =>
    `<path d="M-44,4 C-30,-10 -18,-10 -4,4 C10,18 22,18 36,4 L44,-4 V40 H-44Z" fill="${ink}"/>` +
    `<path d="M-44,-16 C-30,-30 -18,-30 -4,-16 C10,-2 22,-2 36,-16" stroke="${accent}" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  ticket: (ink, accent) =>
    `<path d="M-42,-24 H42 V-8 A8,8 0 0 0 42,8 V24 H-42 V8 A8,8 0 0 0 -42,-8Z" fill="${ink}"/>` +
    `<path d="M-16,-20 V20" stroke="${accent}" stroke-width="3" stroke-dasharray="4 4"/>` +
    `<polygon points="${star(14, 0, 14, 6, 5)}" fill="${accent}"/>`,
  lottoball: (ink, accent) =>
    `<circle r="38" fill="${ink}"/><circle r="22" fill="${accent}"/>` +
    `<text y="9" font-family="${FONT}" font-weight="800" font-size="26" text-anchor="middle" fill="${ink}">7</text>`,
  balls: (ink, accent) =>
    `<circle cx="-20" cy="12" r="22" fill="${ink}"/><circle cx="20" cy="12" r="22" fill="${accent}"/><circle cx="0" cy="-20" r="22" fill="${ink}" opacity=".85"/>` +
    `<circle cx="-20" cy="12" r="9" fill="#fff"/><circle cx="20" cy="12" r="9" fill="#fff"/><circle cx="0" cy="-20" r="9" fill="#fff"/>`,
  rooster: (ink, accent) =>
    `<path d="M-10,-6 C-10,-30 14,-34 20,-20 L34,-14 L20,-10 C22,6 18,20 4,30 C-18,40 -40,24 -40,2 C-40,-14 -26,-16 -10,-6Z" fill="${ink}"/>` +
    `<path d="M4,-30 C2,-40 10,-42 12,-34 C14,-44 22,-42 20,-30Z" fill="${accent}"/><path d="M18,-10 C22,-2 20,4 14,4 Z" fill="${accent}"/>` +
    `<path d="M-40,0 C-50,-20 -44,-36 -30,-40 C-38,-24 -34,-14 -26,-8Z" fill="${accent}"/>` +
    `<path d="M-6,30 V42 M6,28 V42" stroke="${ink}" stroke-width="4"/><circle cx="10" cy="-22" r="3" fill="${accent}"/>`,
  chip: (ink, accent) =>
    `<circle r="40" fill="${ink}"/><circle r="40" fill="none" stroke="${accent}" stroke-width="10" stroke-dasharray="12 9"/>` +
    `<circle r="24" fill="none" stroke="${accent}" stroke-width="3"/><polygon points="${star(0, 0, 14, 6, 5)}" fill="${accent}"/>`,
  slot: (ink, accent) =>
    `<rect x="-42" y="-34" width="84" height="64" rx="10" fill="${ink}"/>` +
    [-24, 0, 24]
      .map(
        (x) =>
          `<rect x="${x - 10}" y="-22" width="20" height="36" rx="3" fill="${accent}"/>` +
          `<text x="${x}" y="7" font-family="${FONT}" font-weight="900" font-size="22" text-anchor="middle" fill="${ink}">7</text>`,
      )
      .join('') +
    `<rect x="-30" y="30" width="60" height="8" rx="3" fill="${ink}"/>`,
  dice: (ink, accent) =>
    `<rect x="-36" y="-36" width="72" height="72" rx="14" fill="${ink}"/>` +
    [
      [-18, -18],
      [18, -18],
      [0, 0],
      [-18, 18],
      [18, 18],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7" fill="${accent}"/>`)
      .join(''),
  live: (ink, accent) =>
    `<rect x="-42" y="-30" width="84" height="56" rx="10" fill="${ink}"/><path d="M-12,36 H12 M0,26 V36" stroke="${ink}" stroke-width="6"/>` +
    `<circle cx="-22" cy="-4" r="7" fill="${accent}"/>` +
    `<text x="8" y="4" font-family="${FONT}" font-weight="900" font-size="18" text-anchor="middle" fill="${accent}">LIVE</text>`,
  trophy: (ink, accent) =>
    `<path d="M-24,-36 H24 V-6 C24,12 10,20 0,20 C-10,20 -24,12 -24,-6Z" fill="${ink}"/>` +
    `<path d="M-24,-28 H-38 C-38,-8 -30,0 -22,0 M24,-28 H38 C38,-8 30,0 22,0" stroke="${ink}" stroke-width="5" fill="none"/>` +
    `<rect x="-5" y="18" width="10" height="14" fill="${ink}"/><rect x="-20" y="30" width="40" height="10" rx="3" fill="${ink}"/>` +
    `<polygon points="${star(0, -10, 12, 5, 5)}" fill="${accent}"/>`,
  gift: (ink, accent) =>
    `<rect x="-38" y="-10" width="76" height="48" rx="4" fill="${ink}"/><rect x="-42" y="-24" width="84" height="16" rx="4" fill="${ink}"/>` +
    `<rect x="-7" y="-24" width="14" height="62" fill="${accent}"/>` +
    `<path d="M0,-24 C-10,-44 -36,-40 -26,-26 Z M0,-24 C10,-44 36,-40 26,-26Z" fill="${accent}"/>`,
  bag: (ink, accent) =>
    `<path d="M-34,-16 H34 L40,40 H-40Z" fill="${ink}"/><path d="M-16,-16 V-24 C-16,-42 16,-42 16,-24 V-16" stroke="${ink}" stroke-width="6" fill="none"/>` +
    `<polygon points="${star(0, 12, 16, 7, 5)}" fill="${accent}"/>`,
  help: (ink, accent) =>
    `<path d="M-40,-30 C-40,-38 -34,-40 -28,-40 H28 C34,-40 40,-38 40,-30 V14 C40,22 34,24 28,24 H-4 L-22,40 V24 H-28 C-34,24 -40,22 -40,14Z" fill="${ink}"/>` +
    `<text y="12" font-family="${FONT}" font-weight="900" font-size="44" text-anchor="middle" fill="${accent}">?</text>`,
  shield: (ink, accent) =>
    `<path d="M0,-42 L36,-28 V2 C36,24 18,38 0,44 C-18,38 -36,24 -36,2 V-28Z" fill="${ink}"/>` +
    `<path d="M-16,0 L-4,12 L18,-12" stroke="${accent}" stroke-width="7" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  coin: (ink, accent) =>
    `<circle r="38" fill="${ink}"/><circle r="30" fill="none" stroke="${accent}" stroke-width="3"/>` +
    `<polygon points="${star(0, 0, 18, 8, 5)}" fill="${accent}"/>`,
} satisfies Record<string, Glyph>;
type GlyphName = keyof typeof glyphs;

function glyph(name: GlyphName, x: number, y: number, size: number, ink: string, accent: string) {
  return `<g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(size / 100)})">${glyphs[name](ink, accent)}</g>`;
}

// ---------------------------------------------------------------------------------------------
// Logo and favicon

const gold = ['#fff3b0', '#ffd24a', '#f0a500'] as const;
const crimson = ['#7d0a1f', '#c3172f'] as const;

function goldGradient(id: string, vertical = true): string {
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">` +
    `<stop offset="0" stop-color="${gold[0]}"/><stop offset=".5" stop-color="${gold[1]}"/><stop offset="1" stop-color="${gold[2]}"/></linearGradient>`
  );
}

function logo(): string {
  // The wordmark sits on its own crimson pill, so it reads on light and dark headers alike.
  const body =
    `<defs>${goldGradient('g')}<linearGradient id="c" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${crimson[0]}"/><stop offset="1" stop-color="${crimson[1]}"/></linearGradient></defs>` +
    `<rect x="1.5" y="1.5" width="237" height="61" rx="30.5" fill="url(#c)" stroke="url(#g)" stroke-width="3"/>` +
    `<circle cx="32" cy="32" r="22" fill="url(#g)"/>` +
    glyph('crown', 32, 31, 34, crimson[0], '#fff3b0') +
    `<text x="62" y="43" font-family="${FONT}" font-weight="800" font-size="32" textLength="160" lengthAdjust="spacingAndGlyphs" letter-spacing="1">` +
    `<tspan fill="url(#g)">Raj</tspan><tspan fill="#ffffff">win</tspan></text>`;
  return svg(240, 64, body, BRAND);
}

function favicon(): string {
  const body =
    `<defs>${goldGradient('g')}<linearGradient id="c" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${crimson[0]}"/><stop offset="1" stop-color="${crimson[1]}"/></linearGradient></defs>` +
    `<rect width="64" height="64" rx="14" fill="url(#c)"/><circle cx="32" cy="32" r="26" fill="url(#g)"/>` +
    glyph('crown', 32, 31, 42, crimson[0], '#fff3b0');
  return svg(64, 64, body, BRAND);
}

// ---------------------------------------------------------------------------------------------
// Banners: 1920x480, text kept inside the centre 880 px so phones that crop the sides keep it.

type Palette = { from: string; to: string; accent: string; accent2: string };
const palettes: Record<string, Palette> = {
  royal: { from: '#2a0845', to: '#8e1b6e', accent: '#ffc93c', accent2: '#ff6f91' },
  saffron: { from: '#7a1f05', to: '#f08a00', accent: '#ffe680', accent2: '#ff4d6d' },
  peacock: { from: '#02283b', to: '#0b7a75', accent: '#ffd24a', accent2: '#4fd1c5' },
  crimson: { from: '#3d0610', to: '#b3152a', accent: '#ffd24a', accent2: '#ff9f1c' },
  indigo: { from: '#0a1035', to: '#3036a8', accent: '#ffd24a', accent2: '#ff7ab6' },
  emerald: { from: '#03301f', to: '#138a52', accent: '#ffe066', accent2: '#ff8c42' },
  magenta: { from: '#3a0a33', to: '#c2185b', accent: '#ffd24a', accent2: '#7cf0ff' },
  ocean: { from: '#021a36', to: '#0a67b8', accent: '#ffd24a', accent2: '#5ef2d0' },
  sunset: { from: '#2e0b36', to: '#e4572e', accent: '#ffe066', accent2: '#ffb3c6' },
};

type BannerSpec = {
  headline: string;
  sub: string;
  cta: string;
  palette: keyof typeof palettes;
  left: GlyphName[];
  right: GlyphName[];
  backdrop: 'rays' | 'bokeh' | 'rangoli';
};

const bannerSpecs: Record<(typeof bannerGroups)[number], BannerSpec[]> = {
  home: [
    {
      headline: 'Welcome to Rajwin',
      sub: 'Casino, sports and lottery in one place',
      cta: 'PLAY NOW',
      palette: 'royal',
      left: ['crown', 'coin', 'diya'],
      right: ['chip', 'cards', 'coin'],
      backdrop: 'rays',
    },
    {
      headline: 'A festival of wins',
      sub: 'Daily rewards all season long',
      cta: 'CELEBRATE',
      palette: 'saffron',
      left: ['diya', 'star', 'gift'],
      right: ['diya', 'coin', 'star'],
      backdrop: 'rangoli',
    },
    {
      headline: 'Play anywhere, any time',
      sub: 'One account on your phone and your computer',
      cta: 'GET THE APP',
      palette: 'indigo',
      left: ['slot', 'cricket', 'coin'],
      right: ['controller', 'balls', 'star'],
      backdrop: 'bokeh',
    },
  ],
  rng: [
    {
      headline: 'Spin the reels',
      sub: 'Hundreds of slots, one growing jackpot',
      cta: 'SPIN NOW',
      palette: 'magenta',
      left: ['slot', 'cherry', 'coin'],
      right: ['coin', 'star', 'cherry'],
      backdrop: 'rays',
    },
    {
      headline: 'Jackpots that keep growing',
      sub: 'New slot games every week',
      cta: 'TRY YOUR LUCK',
      palette: 'sunset',
      left: ['coin', 'gem', 'star'],
      right: ['slot', 'coin', 'gem'],
      backdrop: 'bokeh',
    },
  ],
  live: [
    {
      headline: 'Live tables, real dealers',
      sub: 'Baccarat, roulette and Teen Patti in HD',
      cta: 'TAKE A SEAT',
      palette: 'crimson',
      left: ['cards', 'chip', 'chip'],
      right: ['live', 'chip', 'cards'],
      backdrop: 'rays',
    },
    {
      headline: 'Your seat is waiting',
      sub: 'Join a live table in one tap',
      cta: 'JOIN A TABLE',
      palette: 'emerald',
      left: ['chip', 'live', 'chip'],
      right: ['cards', 'chip', 'star'],
      backdrop: 'bokeh',
    },
  ],
  fish: [
    {
      headline: 'Dive into the deep',
      sub: 'Fishing games with big catches',
      cta: 'CAST YOUR NET',
      palette: 'ocean',
      left: ['fish', 'wave', 'fish'],
      right: ['kingfish', 'fish', 'coin'],
      backdrop: 'bokeh',
    },
    {
      headline: 'Catch the golden fish',
      sub: 'Team up and chase the boss',
      cta: 'PLAY NOW',
      palette: 'peacock',
      left: ['kingfish', 'coin', 'fish'],
      right: ['fish', 'wave', 'fish'],
      backdrop: 'rays',
    },
  ],
  pvp: [
    {
      headline: 'Teen Patti nights',
      sub: 'Play cards with real players',
      cta: 'DEAL ME IN',
      palette: 'royal',
      left: ['cards', 'chip', 'dice'],
      right: ['rummy', 'coin', 'cards'],
      backdrop: 'rangoli',
    },
    {
      headline: 'Rummy, Andar Bahar and more',
      sub: 'Pick a table and beat the room',
      cta: 'FIND A TABLE',
      palette: 'emerald',
      left: ['andarbahar', 'dice', 'chip'],
      right: ['rummy', 'chip', 'star'],
      backdrop: 'rays',
    },
  ],
  sports: [
    {
      headline: 'Every match, every ball',
      sub: 'Cricket, football and more with live odds',
      cta: 'BET NOW',
      palette: 'emerald',
      left: ['cricket', 'trophy', 'star'],
      right: ['football', 'trophy', 'cricket'],
      backdrop: 'rays',
    },
    {
      headline: 'Back your team',
      sub: 'Pre-match and in-play markets',
      cta: 'SEE THE ODDS',
      palette: 'indigo',
      left: ['football', 'star', 'coin'],
      right: ['cricket', 'trophy', 'star'],
      backdrop: 'bokeh',
    },
  ],
  esports: [
    {
      headline: 'Level up your game',
      sub: 'Bet on the biggest esports tournaments',
      cta: 'BET NOW',
      palette: 'indigo',
      left: ['controller', 'bolt', 'star'],
      right: ['trophy', 'controller', 'bolt'],
      backdrop: 'rays',
    },
    {
      headline: 'Esports, live',
      sub: 'Follow every map and every round',
      cta: 'WATCH AND BET',
      palette: 'magenta',
      left: ['swords', 'bolt', 'controller'],
      right: ['controller', 'swords', 'star'],
      backdrop: 'bokeh',
    },
  ],
  lott: [
    {
      headline: 'Draws every few minutes',
      sub: 'Pick your numbers and win',
      cta: 'PICK NUMBERS',
      palette: 'saffron',
      left: ['lottoball', 'balls', 'star'],
      right: ['ticket', 'lottoball', 'coin'],
      backdrop: 'rays',
    },
    {
      headline: 'Lucky numbers day',
      sub: 'Lottery and quick draws, all in one',
      cta: 'PLAY LOTTERY',
      palette: 'peacock',
      left: ['balls', 'ticket', 'star'],
      right: ['lottoball', 'balls', 'coin'],
      backdrop: 'rangoli',
    },
  ],
  cockfight: [
    {
      headline: 'Sabong, live',
      sub: 'Ringside action, streamed live',
      cta: 'WATCH LIVE',
      palette: 'crimson',
      left: ['rooster', 'star', 'coin'],
      right: ['rooster', 'trophy', 'star'],
      backdrop: 'rays',
    },
    {
      headline: 'Pick your champion',
      sub: 'Meron or Wala, the call is yours',
      cta: 'PLACE A BET',
      palette: 'sunset',
      left: ['trophy', 'rooster', 'coin'],
      right: ['rooster', 'coin', 'star'],
      backdrop: 'bokeh',
    },
  ],
  promotion: [
    {
      headline: 'Bonuses all festival long',
      sub: "See this month's promotions",
      cta: 'VIEW OFFERS',
      palette: 'magenta',
      left: ['gift', 'diya', 'star'],
      right: ['gift', 'coin', 'diya'],
      backdrop: 'rangoli',
    },
    {
      headline: 'Double the celebration',
      sub: 'Deposit offers and cashback every week',
      cta: 'CLAIM NOW',
      palette: 'royal',
      left: ['coin', 'gift', 'coin'],
      right: ['star', 'gift', 'coin'],
      backdrop: 'rays',
    },
  ],
  shop: [
    {
      headline: 'Points Mall',
      sub: 'Turn your points into rewards',
      cta: 'SHOP NOW',
      palette: 'peacock',
      left: ['bag', 'gift', 'coin'],
      right: ['gift', 'bag', 'star'],
      backdrop: 'bokeh',
    },
    {
      headline: 'Spend points, collect gifts',
      sub: 'New items in the mall every week',
      cta: 'BROWSE',
      palette: 'saffron',
      left: ['gift', 'coin', 'star'],
      right: ['bag', 'coin', 'gem'],
      backdrop: 'rangoli',
    },
  ],
  help: [
    {
      headline: 'We are here to help',
      sub: 'Answers to common questions, any time',
      cta: 'GET HELP',
      palette: 'ocean',
      left: ['help', 'star', 'shield'],
      right: ['shield', 'help', 'star'],
      backdrop: 'bokeh',
    },
    {
      headline: 'Play safe, play smart',
      sub: 'Guides on deposits, withdrawals and limits',
      cta: 'READ THE GUIDES',
      palette: 'emerald',
      left: ['shield', 'coin', 'star'],
      right: ['help', 'shield', 'coin'],
      backdrop: 'rays',
    },
  ],
  reg: [
    {
      headline: 'Join Rajwin today',
      sub: 'Sign up in under a minute',
      cta: 'SIGN UP',
      palette: 'crimson',
      left: ['crown', 'gift', 'star'],
      right: ['gift', 'coin', 'crown'],
      backdrop: 'rangoli',
    },
    {
      headline: 'Your welcome gift awaits',
      sub: 'Create an account and start playing',
      cta: 'CREATE ACCOUNT',
      palette: 'sunset',
      left: ['gift', 'coin', 'star'],
      right: ['crown', 'gift', 'diya'],
      backdrop: 'bokeh',
    },
  ],
};

function backdrop(kind: BannerSpec['backdrop'], p: Palette, rand: () => number): string {
  const W = 1920;
  const H = 480;
  if (kind === 'rays') {
    const rays: string[] = [];
    const n = 36;
    for (let i = 0; i < n; i += 2) {
      const a1 = (2 * Math.PI * i) / n;
      const a2 = (2 * Math.PI * (i + 1)) / n;
      const R = 1400;
      rays.push(
        `M960,240 L${r1(960 + R * Math.cos(a1))},${r1(240 + R * Math.sin(a1))} L${r1(960 + R * Math.cos(a2))},${r1(240 + R * Math.sin(a2))}Z`,
      );
    }
    return `<path d="${rays.join(' ')}" fill="#ffffff" opacity=".06"/>`;
  }
  if (kind === 'bokeh') {
    const dots: string[] = [];
    for (let i = 0; i < 40; i++) {
      const r = 10 + rand() * 60;
      const colour = at([p.accent, p.accent2, '#ffffff'], i);
      dots.push(
        `<circle cx="${r1(rand() * W)}" cy="${r1(rand() * H)}" r="${r1(r)}" fill="${colour}" opacity="${r1(0.05 + rand() * 0.12)}"/>`,
      );
    }
    return dots.join('');
  }
  // Rangoli: two mandalas of petals at the sides, cut by the edges.
  const mandala = (cx: number, cy: number) => {
    const parts: string[] = [];
    for (const [radius, count, colour] of [
      [210, 16, p.accent],
      [150, 12, p.accent2],
      [90, 8, '#ffffff'],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const angle = (360 * i) / count;
        parts.push(
          `<ellipse cx="0" cy="${-radius / 1.6}" rx="${radius / 7}" ry="${radius / 2.6}" transform="rotate(${r1(angle)})" fill="${colour}"/>`,
        );
      }
    }
    return `<g transform="translate(${cx} ${cy})" opacity=".13">${parts.join('')}<circle r="30" fill="${p.accent}"/></g>`;
  };
  return mandala(120, 420) + mandala(1800, 60);
}

function bunting(p: Palette): string {
  // A string of festival flags across the top edge.
  const flags: string[] = [];
  const colours = [p.accent, p.accent2, '#ffffff', p.accent2];
  for (let i = 0; i < 24; i++) {
    const x = 20 + i * 80;
    const y = 8 + 18 * Math.sin((i / 23) * Math.PI);
    flags.push(
      `<path d="M${r1(x)},${r1(y)} l56,4 l-26,34Z" fill="${at(colours, i)}" opacity=".85"/>`,
    );
  }
  return (
    `<path d="M0,6 Q960,60 1920,6" stroke="${p.accent}" stroke-width="2" fill="none" opacity=".6"/>` +
    flags.join('')
  );
}

function confetti(p: Palette, rand: () => number): string {
  const bits: string[] = [];
  for (let i = 0; i < 70; i++) {
    const x = rand() * 1920;
    const y = 60 + rand() * 400;
    if (x > 560 && x < 1360 && y > 90 && y < 420) continue; // keep the text area calm
    const colour = at([p.accent, p.accent2, '#ffffff'], i);
    bits.push(
      i % 3 === 0
        ? `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(3 + rand() * 4)}" fill="${colour}"/>`
        : `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(6 + rand() * 8)}" height="${r1(3 + rand() * 4)}" transform="rotate(${r1(rand() * 180)} ${r1(x)} ${r1(y)})" fill="${colour}"/>`,
    );
  }
  return `<g opacity=".8">${bits.join('')}</g>`;
}

function sparkle(x: number, y: number, size: number, colour: string): string {
  const s = size;
  return `<path d="M${x},${y - s} Q${x},${y} ${x + s},${y} Q${x},${y} ${x},${y + s} Q${x},${y} ${x - s},${y} Q${x},${y} ${x},${y - s}Z" fill="${colour}"/>`;
}

function motifCluster(names: GlyphName[], side: 'left' | 'right', p: Palette): string {
  // Three pictograms per side, one large, two smaller, in gold and white with a glow.
  const base = side === 'left' ? 0 : 1920;
  const dir = side === 'left' ? 1 : -1;
  const slots = [
    { dx: 260, y: 250, size: 250, tilt: -8 },
    { dx: 90, y: 140, size: 130, tilt: 10 },
    { dx: 440, y: 360, size: 120, tilt: 6 },
  ];
  const out: string[] = [];
  names.forEach((name, i) => {
    const slot = at(slots, i);
    const x = base + dir * slot.dx;
    const ink = i === 0 ? p.accent : '#ffffff';
    const accent = i === 0 ? p.from : p.to;
    out.push(
      `<circle cx="${x}" cy="${slot.y}" r="${slot.size * 0.62}" fill="url(#glow)"/>` +
        `<g transform="rotate(${dir * slot.tilt} ${x} ${slot.y})" filter="url(#shadow)">${glyph(name, x, slot.y, slot.size, ink, accent)}</g>`,
    );
  });
  out.push(
    sparkle(base + dir * 400, 120, 18, p.accent),
    sparkle(base + dir * 170, 410, 12, '#fff'),
  );
  return out.join('');
}

function banner(group: string, n: number, spec: BannerSpec): string {
  const p = palettes[spec.palette];
  if (!p) throw new Error(`palette ${spec.palette}`);
  const rand = seeded(`${group}-${n}`);
  const title = `${spec.headline}: ${spec.sub}`;
  const body =
    `<defs>` +
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>` +
    `<radialGradient id="centre" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#000" stop-opacity=".32"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="glow" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${p.accent}" stop-opacity=".35"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="head" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset=".55" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.accent}"/></linearGradient>` +
    `<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="6" stdDeviation="8" flood-color="#000" flood-opacity=".4"/></filter>` +
    `</defs>` +
    `<rect width="1920" height="480" fill="url(#bg)"/>` +
    backdrop(spec.backdrop, p, rand) +
    `<ellipse cx="960" cy="250" rx="620" ry="230" fill="url(#centre)"/>` +
    confetti(p, rand) +
    bunting(p) +
    motifCluster(spec.left, 'left', p) +
    motifCluster(spec.right, 'right', p) +
    // No words in the artwork: the site writes the banner's title and call to action over the
    // centre in the page's language (src/ui/layout/banner-link.tsx).
    '';
  return svg(1920, 480, body, title);
}

// ---------------------------------------------------------------------------------------------
// Vendor logos: 200x80, an emblem (shape + pictogram + colour) and the display name.

type Shape = 'circle' | 'hexagon' | 'shield' | 'diamond' | 'square' | 'octagon' | 'star';
type VendorSpec = { name: string; glyph: GlyphName; shape: Shape; from: string; to: string };

export const vendors: Record<string, VendorSpec> = {
  AURALIVE: { name: 'Aura Live', glyph: 'live', shape: 'circle', from: '#7b2ff7', to: '#f107a3' },
  LOTUSLIVE: {
    name: 'Lotus Live',
    glyph: 'lotus',
    shape: 'hexagon',
    from: '#e91e63',
    to: '#ff8a65',
  },
  MERIDIANLIVE: {
    name: 'Meridian Live',
    glyph: 'globe',
    shape: 'circle',
    from: '#0061ff',
    to: '#60efff',
  },
  TIGERLIVE: {
    name: 'Tiger Live',
    glyph: 'tiger',
    shape: 'shield',
    from: '#f7971e',
    to: '#ffd200',
  },
  PRIMESPORT: {
    name: 'Prime Sport',
    glyph: 'football',
    shape: 'hexagon',
    from: '#11998e',
    to: '#38ef7d',
  },
  FB: { name: 'FB Sports', glyph: 'trophy', shape: 'square', from: '#1d4ed8', to: '#22d3ee' },
  CRICKETX: {
    name: 'Cricket X',
    glyph: 'cricket',
    shape: 'circle',
    from: '#047857',
    to: '#a3e635',
  },
  NEXUSGG: {
    name: 'Nexus GG',
    glyph: 'controller',
    shape: 'octagon',
    from: '#4338ca',
    to: '#a855f7',
  },
  ARENAX: { name: 'Arena X', glyph: 'swords', shape: 'shield', from: '#b91c1c', to: '#f97316' },
  STARSLOTS: { name: 'Star Slots', glyph: 'star', shape: 'circle', from: '#9333ea', to: '#facc15' },
  JADESPIN: { name: 'Jade Spin', glyph: 'gem', shape: 'diamond', from: '#065f46', to: '#34d399' },
  PHOENIXREELS: {
    name: 'Phoenix Reels',
    glyph: 'flame',
    shape: 'shield',
    from: '#c2410c',
    to: '#fbbf24',
  },
  MONSOONPLAY: {
    name: 'Monsoon Play',
    glyph: 'rain',
    shape: 'square',
    from: '#0369a1',
    to: '#7dd3fc',
  },
  COBRAGAMES: {
    name: 'Cobra Games',
    glyph: 'cobra',
    shape: 'octagon',
    from: '#14532d',
    to: '#84cc16',
  },
  NEONFRUIT: {
    name: 'Neon Fruit',
    glyph: 'cherry',
    shape: 'circle',
    from: '#db2777',
    to: '#22d3ee',
  },
  RAJAREELS: { name: 'Raja Reels', glyph: 'slot', shape: 'square', from: '#7f1d1d', to: '#eab308' },
  DIWALIWIN: { name: 'Diwali Win', glyph: 'diya', shape: 'star', from: '#ea580c', to: '#fde047' },
  GOLDENPEACOCK: {
    name: 'Golden Peacock',
    glyph: 'peacock',
    shape: 'hexagon',
    from: '#0f766e',
    to: '#eab308',
  },
  LUCKYLOTUS: {
    name: 'Lucky Lotus',
    glyph: 'lotus',
    shape: 'star',
    from: '#be185d',
    to: '#fbcfe8',
  },
  TIGERTEMPLE: {
    name: 'Tiger Temple',
    glyph: 'pagoda',
    shape: 'diamond',
    from: '#92400e',
    to: '#f59e0b',
  },
  MANGOMANIA: {
    name: 'Mango Mania',
    glyph: 'mango',
    shape: 'circle',
    from: '#ea580c',
    to: '#facc15',
  },
  BUILTIN: {
    name: 'Rajwin Originals',
    glyph: 'dice',
    shape: 'octagon',
    from: '#0f766e',
    to: '#22d3ee',
  },
  TEENPATTIPRO: {
    name: 'Teen Patti Pro',
    glyph: 'cards',
    shape: 'shield',
    from: '#581c87',
    to: '#ec4899',
  },
  ANDARBAHAR: {
    name: 'Andar Bahar Club',
    glyph: 'andarbahar',
    shape: 'square',
    from: '#9f1239',
    to: '#fb7185',
  },
  RUMMYCLUB: {
    name: 'Rummy Club',
    glyph: 'rummy',
    shape: 'hexagon',
    from: '#1e3a8a',
    to: '#f43f5e',
  },
  OCEANKING: {
    name: 'Ocean King',
    glyph: 'kingfish',
    shape: 'circle',
    from: '#1e40af',
    to: '#06b6d4',
  },
  DEEPSEA: { name: 'Deep Sea', glyph: 'wave', shape: 'octagon', from: '#0c4a6e', to: '#0ea5e9' },
  ELOTT: { name: 'E-Lottery', glyph: 'ticket', shape: 'diamond', from: '#7c3aed', to: '#38bdf8' },
  TCG_LOTTO_VN: {
    name: 'VN Lotto',
    glyph: 'lottoball',
    shape: 'star',
    from: '#b91c1c',
    to: '#facc15',
  },
  LOTT: { name: 'Lottery', glyph: 'balls', shape: 'square', from: '#047857', to: '#fcd34d' },
  TCG_SEA: { name: 'SEA Lottery', glyph: 'coin', shape: 'hexagon', from: '#0e7490', to: '#fde68a' },
  SABONGLIVE: {
    name: 'Sabong Live',
    glyph: 'rooster',
    shape: 'shield',
    from: '#991b1b',
    to: '#f97316',
  },
};

function shapePath(shape: Shape, cx: number, cy: number, r: number, fill: string): string {
  switch (shape) {
    case 'circle':
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`;
    case 'hexagon':
      return `<polygon points="${polygon(cx, cy, r * 1.08, 6)}" fill="${fill}" stroke-linejoin="round"/>`;
    case 'octagon':
      return `<polygon points="${polygon(cx, cy, r * 1.06, 8, Math.PI / 8)}" fill="${fill}"/>`;
    case 'diamond':
      return `<rect x="${cx - r * 0.78}" y="${cy - r * 0.78}" width="${r * 1.56}" height="${r * 1.56}" rx="${r * 0.22}" transform="rotate(45 ${cx} ${cy})" fill="${fill}"/>`;
    case 'square':
      return `<rect x="${cx - r * 0.92}" y="${cy - r * 0.92}" width="${r * 1.84}" height="${r * 1.84}" rx="${r * 0.36}" fill="${fill}"/>`;
    case 'star':
      return `<polygon points="${star(cx, cy, r * 1.1, r * 0.9, 12)}" fill="${fill}"/>`;
    case 'shield':
      return `<path d="M${cx},${cy - r} L${cx + r * 0.9},${cy - r * 0.62} V${cy + r * 0.05} C${cx + r * 0.9},${cy + r * 0.6} ${cx + r * 0.45},${cy + r * 0.9} ${cx},${cy + r * 1.05} C${cx - r * 0.45},${cy + r * 0.9} ${cx - r * 0.9},${cy + r * 0.6} ${cx - r * 0.9},${cy + r * 0.05} V${cy - r * 0.62}Z" fill="${fill}"/>`;
  }
}

function splitName(name: string): string[] {
  const words = name.split(' ');
  if (words.length < 2 || name.length <= 10) return [name];
  let best: string[] = [name];
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ');
    const b = words.slice(i).join(' ');
    const diff = Math.abs(a.length - b.length);
    if (diff < bestDiff) {
      bestDiff = diff;
      best = [a, b];
    }
  }
  return best;
}

function vendorLogo(code: string, v: VendorSpec): string {
  const lines = splitName(v.name);
  const maxWidth = 112;
  const size = Math.min(
    ...lines.map((line) => fitSize(line, maxWidth, lines.length === 1 ? 22 : 19)),
  );
  const lineHeight = size * 1.1;
  const firstY = 40 - ((lines.length - 1) * lineHeight) / 2 + size * 0.36;
  const text = lines
    .map(
      (line, i) =>
        `<text x="78" y="${r1(firstY + i * lineHeight)}" font-size="${size}">${esc(line)}</text>`,
    )
    .join('');
  const body =
    `<defs><linearGradient id="e" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${v.from}"/><stop offset="1" stop-color="${v.to}"/></linearGradient>` +
    `<linearGradient id="card" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1c2135"/><stop offset="1" stop-color="#0f1322"/></linearGradient></defs>` +
    `<rect x="1" y="1" width="198" height="78" rx="14" fill="url(#card)" stroke="${v.to}" stroke-opacity=".55" stroke-width="2"/>` +
    shapePath(v.shape, 40, 40, 27, 'url(#e)') +
    glyph(v.glyph, 40, 40, 36, '#ffffff', v.from) +
    `<g font-family="${FONT}" font-weight="800" fill="#ffffff">${text}</g>` +
    `<rect x="78" y="66" width="28" height="3" rx="1.5" fill="${v.to}"/>`;
  return svg(200, 80, body, `${v.name} (${code})`);
}

// ---------------------------------------------------------------------------------------------
// Licence seals: generic, with the abbreviation; not any regulator's own mark.

const licences = {
  mga: { abbr: 'MGA', ring: 'LICENSED GAMING · MALTA ·', colour: '#1e3a8a', metal: '#cbd5e1' },
  bvi: { abbr: 'BVI', ring: 'LICENSED GAMING · BVI ·', colour: '#0f766e', metal: '#e2e8f0' },
  pagcor: {
    abbr: 'PAGCOR',
    ring: 'LICENSED GAMING · PHILIPPINES ·',
    colour: '#7f1d1d',
    metal: '#fcd34d',
  },
} as const;

function licenceSeal(key: keyof typeof licences): string {
  const l = licences[key];
  const abbrSize = fitSize(l.abbr, 70, 34);
  const body =
    `<defs><path id="ring" d="M80,80 m-52,0 a52,52 0 1 1 104,0 a52,52 0 1 1 -104,0"/></defs>` +
    `<polygon points="${star(80, 80, 78, 70, 30)}" fill="${l.metal}"/>` +
    `<circle cx="80" cy="80" r="66" fill="${l.colour}"/>` +
    `<circle cx="80" cy="80" r="62" fill="none" stroke="${l.metal}" stroke-width="1.5"/>` +
    `<circle cx="80" cy="80" r="42" fill="none" stroke="${l.metal}" stroke-width="1.5"/>` +
    `<text font-family="${FONT}" font-size="10.5" font-weight="700" fill="${l.metal}" letter-spacing="1.5"><textPath href="#ring">${esc(l.ring)} ${esc(l.ring)}</textPath></text>` +
    `<text x="80" y="${80 + abbrSize * 0.36}" font-family="${FONT}" font-size="${abbrSize}" font-weight="900" text-anchor="middle" fill="#ffffff">${esc(l.abbr)}</text>` +
    `<polygon points="${star(80, 108, 7, 3, 5)}" fill="${l.metal}"/><polygon points="${star(80, 52, 7, 3, 5)}" fill="${l.metal}"/>`;
  return svg(160, 160, body, `${l.abbr} licence`);
}

// ---------------------------------------------------------------------------------------------
// Category icons (square) and app badges.

const categoryIcons = {
  live: { glyph: 'live', from: '#b3152a', to: '#ff6f61' },
  sports: { glyph: 'cricket', from: '#0f7a4a', to: '#7bd389' },
  esports: { glyph: 'controller', from: '#3036a8', to: '#a855f7' },
  rng: { glyph: 'slot', from: '#8e1b6e', to: '#ffb020' },
  pvp: { glyph: 'cards', from: '#581c87', to: '#ec4899' },
  fish: { glyph: 'fish', from: '#0a4b8c', to: '#22d3ee' },
  elott: { glyph: 'balls', from: '#b45309', to: '#fde047' },
  cockfight: { glyph: 'rooster', from: '#7f1d1d', to: '#f97316' },
} as const satisfies Record<string, { glyph: GlyphName; from: string; to: string }>;

function categoryIcon(key: keyof typeof categoryIcons): string {
  const c = categoryIcons[key];
  const body =
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.from}"/><stop offset="1" stop-color="${c.to}"/></linearGradient>` +
    `<radialGradient id="s" cx=".3" cy=".2" r=".8"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="128" height="128" rx="28" fill="url(#b)"/><rect width="128" height="128" rx="28" fill="url(#s)"/>` +
    glyph(c.glyph, 64, 64, 84, '#ffffff', c.from) +
    sparkle(104, 22, 7, '#fff');
  return svg(128, 128, body, key);
}

const appBadges = {
  ios: { label: 'iOS', sub: 'App', from: '#1f2937', to: '#4b5563', mark: 'star' },
  android: { label: 'Android', sub: 'APK', from: '#14532d', to: '#22c55e', mark: 'play' },
  'ios-lite': { label: 'iOS Lite', sub: 'Web app', from: '#1e3a8a', to: '#38bdf8', mark: 'bolt' },
} as const satisfies Record<
  string,
  { label: string; sub: string; from: string; to: string; mark: GlyphName }
>;

function appBadge(key: keyof typeof appBadges): string {
  const a = appBadges[key];
  const labelSize = fitSize(a.label, 130, 24);
  const body =
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a.from}"/><stop offset="1" stop-color="${a.to}"/></linearGradient>${goldGradient('g')}</defs>` +
    `<rect width="160" height="160" rx="32" fill="url(#b)"/>` +
    // A phone: body, screen, speaker, and the brand crown on the screen.
    `<rect x="52" y="18" width="56" height="96" rx="10" fill="#0b0f1a" stroke="#ffffff" stroke-opacity=".8" stroke-width="3"/>` +
    `<rect x="57" y="28" width="46" height="76" rx="4" fill="url(#g)"/><rect x="72" y="22" width="16" height="3" rx="1.5" fill="#ffffff" opacity=".7"/>` +
    glyph('crown', 80, 58, 30, '#7d0a1f', '#fff3b0') +
    glyph(a.mark, 112, 100, 30, '#ffffff', a.from) +
    `<text x="80" y="140" font-family="${FONT}" font-size="${labelSize}" font-weight="800" text-anchor="middle" fill="#ffffff">${esc(a.label)}</text>` +
    `<text x="80" y="154" font-family="${FONT}" font-size="11" font-weight="600" text-anchor="middle" fill="#ffffff" opacity=".8">${esc(a.sub)}</text>`;
  return svg(160, 160, body, `${BRAND} ${a.label}`);
}

// ---------------------------------------------------------------------------------------------

function collect(): Map<string, string> {
  const files = new Map<string, string>();
  files.set('media/logo.svg', logo());
  files.set('favicon.svg', favicon());
  for (const group of bannerGroups) {
    bannerSpecs[group].forEach((spec, i) => {
      files.set(`media/banners/${group}-${i + 1}.svg`, banner(group, i + 1, spec));
    });
  }
  for (const [code, v] of Object.entries(vendors))
    files.set(`media/vendors/${code}.svg`, vendorLogo(code, v));
  for (const key of Object.keys(licences) as (keyof typeof licences)[])
    files.set(`media/licences/${key}.svg`, licenceSeal(key));
  for (const key of Object.keys(categoryIcons) as (keyof typeof categoryIcons)[])
    files.set(`media/categories/${key}.svg`, categoryIcon(key));
  for (const key of Object.keys(appBadges) as (keyof typeof appBadges)[])
    files.set(`media/app/${key}.svg`, appBadge(key));
  return files;
}

async function main(): Promise<void> {
  const files = collect();
  for (const [path, content] of files) {
    const target = join(publicDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  console.log(`artwork: wrote ${files.size} SVG files under public/`);

  const pngIndex = process.argv.indexOf('--png');
  if (pngIndex !== -1) {
    const outDir = resolve(process.argv[pngIndex + 1] ?? join(root, 'artwork-preview'));
    const { Resvg } = await import('@resvg/resvg-js');
    for (const [path, content] of files) {
      const wide = path.includes('/banners/');
      const png = new Resvg(content, {
        fitTo: wide ? { mode: 'width', value: 960 } : { mode: 'zoom', value: 2 },
        font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
      })
        .render()
        .asPng();
      const target = join(outDir, path.replace(/\.svg$/, '.png'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, png);
    }
    console.log(`artwork: PNG previews in ${outDir}`);
  }
}

await main();
