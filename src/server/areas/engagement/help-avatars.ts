import { avatarCount } from '../../../contract/help.ts';

/**
 * The avatars the site draws (MCSFE_getPlayerAvatar): a face on a coloured disc, one hue per id.
 * Made from numbers only (no player input), so the SVG is safe to serve as an image.
 */
export function avatarSvg(avatarId: number): string {
  if (!Number.isInteger(avatarId) || avatarId < 1 || avatarId > avatarCount) {
    throw new RangeError('unknown avatar');
  }
  const hue = Math.round(((avatarId - 1) * 360) / avatarCount);
  const smile = avatarId % 3 === 0 ? 'M22 42 Q32 36 42 42' : 'M22 40 Q32 48 42 40';
  const hair =
    avatarId % 2 === 0
      ? `<path d="M14 26 Q32 2 50 26 Q32 16 14 26Z" fill="hsl(${(hue + 180) % 360} 45% 30%)"/>`
      : '';
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">' +
    `<circle cx="32" cy="32" r="32" fill="hsl(${hue} 70% 55%)"/>` +
    '<circle cx="32" cy="32" r="20" fill="#f6d7b0"/>' +
    hair +
    '<circle cx="25" cy="30" r="2.5" fill="#222"/><circle cx="39" cy="30" r="2.5" fill="#222"/>' +
    `<path d="${smile}" stroke="#222" stroke-width="2.5" fill="none" stroke-linecap="round"/>` +
    '</svg>'
  );
}
