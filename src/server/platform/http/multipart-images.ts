import type { FastifyRequest } from 'fastify';
// The request's isMultipart() and parts() are declared by the plugin's types.
import type {} from '@fastify/multipart';
import { AppError } from '../errors.ts';
import { imageLimits } from './images.ts';

/**
 * An uploaded image, read whole (at most the route's multipart `fileSize` limit). Its declared
 * type is the client's word only: the service checks the bytes with `checkImages` (images.ts).
 */
export type UploadedImage = { data: Buffer; declaredType: string };

/**
 * The `@fastify/multipart` options of a route that takes up to `imageLimits.maxCount` images of
 * `imageLimits.maxBytes` and `fields` text fields of at most `fieldSize` bytes. One part more
 * than the form can hold, so that a fourth image is `too_many_images`, not a parts error.
 */
export function imageFormOptions(fields: number, fieldSize: number) {
  return {
    limits: {
      fileSize: imageLimits.maxBytes,
      files: imageLimits.maxCount,
      fields,
      fieldSize,
      parts: imageLimits.maxCount + fields + 1,
      headerPairs: 20,
    },
  };
}

/** The body limit of such a route: every image at its largest, and room for the fields. */
export const imageFormBodyLimit = imageLimits.maxCount * imageLimits.maxBytes + 64 * 1024;

/** The multipart parser's limit errors, as our codes. */
function uploadError(error: unknown): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'image_too_large');
    case 'FST_FILES_LIMIT':
      return new AppError(413, 'too_many_images');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError(400, 'bad_request');
    default:
      return null;
  }
}

/**
 * Reads a multipart form of text fields and `images` files, each file whole in memory. The
 * limits (file size and count, fields) are those the plugin registered `@fastify/multipart` with;
 * going past one answers 413 image_too_large / too_many_images or 400 bad_request, as does a
 * non-multipart body, a file under another name or a repeated field.
 *
 * @example
 * const { fields, images } = await readImageForm(request);
 */
export async function readImageForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; images: UploadedImage[] }> {
  if (!request.isMultipart()) throw new AppError(400, 'bad_request');
  const fields: Record<string, string> = {};
  const images: UploadedImage[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'images') throw new AppError(400, 'bad_request');
        images.push({ data: await part.toBuffer(), declaredType: part.mimetype });
      } else {
        if (typeof part.value !== 'string' || part.fieldname in fields) {
          throw new AppError(400, 'bad_request');
        }
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error) ?? error;
  }
  return { fields, images };
}
