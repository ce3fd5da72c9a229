import { createHash } from 'node:crypto';
import {
  proofImageLimits,
  sniffImageType,
  type ProofImageType,
} from '../../../contract/withdrawal-proof.ts';
import { AppError } from '../errors.ts';

/**
 * The one rule for every image a player uploads (withdrawal proof, feedback, promotion
 * application; spec section 9): png or jpg, at most 5 MB each, at most 3.
 */
export const imageLimits = proofImageLimits;

/** An image that passed `checkImages`: its bytes and the type its content shows. */
export type CheckedImage = { data: Buffer; contentType: ProofImageType };

/**
 * Checks uploaded images by their bytes, never by their name or declared type: 413
 * `too_many_images` past 3, 413 `image_too_large` past 5 MB, 415 `image_invalid` for anything
 * that is not a png or a jpg by its magic bytes (`sniffImageType`). Throws at the first fault,
 * before the caller writes anything.
 *
 * @example
 * const checked = checkImages(images.map((image) => image.data));
 * // [{ data, contentType: 'image/png' }]
 */
export function checkImages(images: readonly Buffer[]): CheckedImage[] {
  if (images.length > imageLimits.maxCount) throw new AppError(413, 'too_many_images');
  return images.map((data) => {
    if (data.length > imageLimits.maxBytes) throw new AppError(413, 'image_too_large');
    const contentType = sniffImageType(data);
    if (!contentType) throw new AppError(415, 'image_invalid');
    return { data, contentType };
  });
}

/**
 * The columns an image table keeps of a checked image: its type, size and SHA-256 (hex) beside
 * the bytes.
 *
 * @example
 * checked.map((image) => ({ feedbackId, ...imageRecord(image) }));
 */
export function imageRecord(image: CheckedImage) {
  return {
    contentType: image.contentType,
    size: image.data.length,
    sha256: createHash('sha256').update(image.data).digest('hex'),
    data: image.data,
  };
}
