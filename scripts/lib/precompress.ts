/**
 * Pre-compressed copies of the built app's files (issue 35): `name.br` (brotli, quality 11) and
 * `name.gz` (gzip -9) beside every file of a compressible type, made once by `npm run build` and
 * sent as files by @fastify/static's preCompressed mode, so no request compresses anything.
 * Formats that are compressed already (woff2, png, jpg, webp) and files under 1 KiB, where the
 * headers cost about what compression saves, get none.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const compressibleExtensions = [
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ico',
];
export const minBytes = 1024;

export function isCompressible(file: string, size: number): boolean {
  return size >= minBytes && compressibleExtensions.some((ext) => file.endsWith(ext));
}

/** Every file below dir (recursively), as paths joined onto dir. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

/** Writes the .br and .gz of every compressible file below dir; returns the files compressed. */
export function precompressDir(dir: string): string[] {
  const done: string[] = [];
  for (const path of filesUnder(dir)) {
    if (!isCompressible(path, statSync(path).size)) continue;
    const bytes = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    done.push(path);
  }
  return done;
}
