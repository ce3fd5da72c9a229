// The withdrawal confirmation's proof image rules, without the withdrawal schemas (zod classic):
// the first page's withdrawal wiring reads them (issue 12); withdrawal.ts re-exports them.

/** Spec section 9: image upload png/jpg, at most 5 MB each, at most 3 images. */
export const proofImageLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxCount: 3,
  types: ['image/png', 'image/jpeg'] as const,
} as const;
export type ProofImageType = (typeof proofImageLimits.types)[number];

/**
 * The image type by content (magic bytes), never by name: PNG's 8-byte signature followed by its
 * IHDR chunk, or JPEG's SOI marker followed by another marker. Null for anything else.
 *
 * @example
 * sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])); // 'image/jpeg'
 */
export function sniffImageType(bytes: Uint8Array): ProofImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const ihdr = [0x49, 0x48, 0x44, 0x52];
  if (
    bytes.length >= 16 &&
    png.every((byte, i) => bytes[i] === byte) &&
    ihdr.every((byte, i) => bytes[12 + i] === byte)
  ) {
    return 'image/png';
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  return null;
}

/** The first bytes sniffImageType needs. */
export const sniffBytes = 16;
