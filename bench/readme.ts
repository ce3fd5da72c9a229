/**
 * `npm run bench:readme`: writes the figures of bench/results/latest.json (the tables the last
 * runs of `npm run bench` printed, each with its date, machine and command) into the marked
 * block of README.md, so the README never shows figures no run printed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './support/process.ts';
import { markdownOf, replaceBlock, type BenchTable } from './support/tables.ts';

const latestPath = join(root, 'bench', 'results', 'latest.json');
const readmePath = join(root, 'README.md');

let latest: { tables?: BenchTable[] };
try {
  latest = JSON.parse(readFileSync(latestPath, 'utf8')) as { tables?: BenchTable[] };
} catch (error) {
  throw new Error('no bench/results/latest.json: run `npm run bench` first', { cause: error });
}
const tables = latest.tables ?? [];
if (tables.length === 0) throw new Error('bench/results/latest.json holds no tables');
writeFileSync(readmePath, replaceBlock(readFileSync(readmePath, 'utf8'), markdownOf(tables)));
console.log(`README.md: ${tables.length} tables from bench/results/latest.json`);
