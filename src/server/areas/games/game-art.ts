import { createHash } from 'node:crypto';
import type { GameCategory } from '../../../contract/routes.ts';

/**
 * A game's artwork, drawn by the server: a 300x300 SVG whose colours, pattern and emblem come
 * from the game's id and category, with no words (the card names the game in the page's
 * language; initials of the English name read wrong on a Hindi page). The same game always
 * gets the same bytes (served with a long cache and an ETag). No image is fetched anywhere.
 */

const palettes = [
  ['#7b2ff7', '#f107a3'],
  ['#0061ff', '#60efff'],
  ['#f7971e', '#ffd200'],
  ['#11998e', '#38ef7d'],
  ['#c31432', '#240b36'],
  ['#ff512f', '#dd2476'],
  ['#1d976c', '#93f9b9'],
  ['#4568dc', '#b06ab3'],
  ['#e65c00', '#f9d423'],
  ['#0f766e', '#22d3ee'],
  ['#8e2de2', '#4a00e0'],
  ['#b91d73', '#f953c6'],
] as const;

/** One emblem per category, drawn around (150, 130). */
const emblems: Record<GameCategory, string> = {
  RNG:
    '<rect x="80" y="85" width="140" height="90" rx="14" fill="#fff" fill-opacity=".9"/>' +
    '<g fill="#222"><rect x="92" y="98" width="36" height="64" rx="6"/><rect x="132" y="98" width="36" height="64" rx="6"/><rect x="172" y="98" width="36" height="64" rx="6"/></g>' +
    '<g fill="#ffd24a"><circle cx="110" cy="130" r="11"/><circle cx="150" cy="130" r="11"/><circle cx="190" cy="130" r="11"/></g>',
  LIVE:
    '<circle cx="150" cy="130" r="55" fill="#fff" fill-opacity=".9"/><circle cx="150" cy="130" r="40" fill="#1b5e20"/>' +
    '<circle cx="150" cy="130" r="10" fill="#ffd24a"/>',
  SPORTS:
    '<circle cx="150" cy="130" r="52" fill="#fff"/><polygon points="150,104 174,121 165,149 135,149 126,121" fill="#222"/>',
  ESPORTS:
    '<rect x="88" y="100" width="124" height="64" rx="32" fill="#fff" fill-opacity=".92"/>' +
    '<g fill="#222"><rect x="108" y="126" width="26" height="8"/><rect x="117" y="117" width="8" height="26"/><circle cx="180" cy="122" r="6"/><circle cx="192" cy="138" r="6"/></g>',
  COCKFIGHT:
    '<path d="M110,170 C100,120 130,85 160,90 C190,95 200,130 185,170Z" fill="#fff" fill-opacity=".92"/>' +
    '<path d="M160,90 l10,-18 l8,18 l10,-14 l2,20Z" fill="#e53935"/>',
  ELOTT:
    '<g fill="#fff" fill-opacity=".92"><circle cx="115" cy="130" r="24"/><circle cx="165" cy="110" r="24"/><circle cx="185" cy="158" r="24"/></g>' +
    '<g fill="#222" font-family="Arial,sans-serif" font-size="22" text-anchor="middle"><text x="115" y="138">7</text><text x="165" y="118">3</text><text x="185" y="166">9</text></g>',
  LOTT:
    '<rect x="90" y="95" width="120" height="70" rx="10" fill="#fff" fill-opacity=".92"/>' +
    '<g fill="#e53935"><circle cx="120" cy="130" r="12"/><circle cx="150" cy="130" r="12"/><circle cx="180" cy="130" r="12"/></g>',
  FISH:
    '<path d="M90,130 C120,90 180,90 205,130 C180,170 120,170 90,130Z" fill="#fff" fill-opacity=".92"/>' +
    '<path d="M205,130 l22,-22 v44Z" fill="#fff" fill-opacity=".92"/><circle cx="120" cy="124" r="6" fill="#222"/>',
  PVP:
    '<rect x="100" y="88" width="62" height="88" rx="8" fill="#fff" transform="rotate(-10 131 132)"/>' +
    '<rect x="140" y="88" width="62" height="88" rx="8" fill="#fff" fill-opacity=".95" transform="rotate(10 171 132)"/>' +
    '<path d="M171,118 c-8,-12 -22,0 0,22 c22,-22 8,-34 0,-22Z" fill="#e53935"/>',
};

export function gameArtSvg(game: { nodeId: number; gameType: GameCategory }) {
  const digest = createHash('sha256').update(`game-art:${game.nodeId}`).digest();
  const [from, to] = palettes[(digest[0] ?? 0) % palettes.length] ?? palettes[0];
  const angle = ((digest[1] ?? 0) % 4) * 45;
  const dots = Array.from({ length: 9 }, (_, i) => {
    const x = 20 + ((digest[2 + i] ?? 0) % 260);
    const y = 20 + ((digest[12 + i] ?? 0) % 200);
    const r = 4 + ((digest[22 + (i % 10)] ?? 0) % 14);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity=".14"/>`;
  }).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300" aria-hidden="true">` +
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="300" height="300" rx="24" fill="url(#g)"/>${dots}${emblems[game.gameType]}` +
    `</svg>`
  );
}

export function artEtag(svg: string): string {
  return `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`;
}
