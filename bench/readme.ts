/**
 * `npm run bench:readme`: writes the figures of bench/results/latest.json (the tables the last
 * runs of `npm run bench` printed, each with its date, machine and command) into the marked
 * block of bench/README.md (under "Latest figures"), so it never shows figures no run printed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { root } from './support/process.ts';
import { markdownOf, replaceBlock, type BenchTable } from './support/tables.ts';

const latestPath = join(root, 'bench', 'results', 'latest.json');
const readmePath = join(root, 'bench', 'README.md');

let latest: { tables?: BenchTable[] };
try {
  latest = JSON.parse(readFileSync(latestPath, 'utf8')) as { tables?: BenchTable[] };
} catch (error) {
  throw new Error('no bench/results/latest.json: run `npm run bench` first', { cause: error });
}
const tables = latest.tables ?? [];
if (tables.length === 0) throw new Error('bench/results/latest.json holds no tables');
const written = replaceBlock(readFileSync(readmePath, 'utf8'), markdownOf(tables));
// Prettier pads the tables by display width (a Devanagari row is narrower than its length), so
// bench/README.md is written as `npm run format` would leave it.
const options = await resolveConfig(readmePath);
writeFileSync(readmePath, await format(written, { ...options, filepath: readmePath }));
console.log(`bench/README.md: ${tables.length} tables from bench/results/latest.json`);
