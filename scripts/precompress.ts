/**
 * `npm run build` (after Vite): the .br and .gz copies of the built app's files in dist/ (or
 * STATIC_DIR), which the server sends as they are (scripts/lib/precompress.ts).
 */
import { statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { precompressDir } from './lib/precompress.ts';

const root = join(import.meta.dirname, '..');
const dir = resolve(root, process.env.STATIC_DIR ?? 'dist');
const files = precompressDir(dir);
const total = (suffix: string) =>
  files.reduce((sum, file) => sum + statSync(`${file}${suffix}`).size, 0);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
console.log(
  `${relative(root, dir)}: ${files.length} files pre-compressed, ${kib(total(''))} -> ` +
    `${kib(total('.gz'))} gzip, ${kib(total('.br'))} brotli`,
);
