/**
 * `npm run fairness`: the in-house lottery RNG's fairness checks (chi-square of number and digit
 * frequencies, runs, serial correlation; 99% level) on 10^6 draws' special prizes and 10^4 whole
 * north27 draws, with fixed seeds, printed as the table of
 * docs/2026-11-26-lottery-rng-fairness.md. Exits 1 if a check fails.
 * `--draws N` and `--whole N` change the sample sizes.
 */
import { uptime, loadavg } from 'node:os';
import { fairnessChecks, fairnessTable } from './lib/lottery-fairness.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const draws = arg('--draws', 1_000_000);
const wholeDraws = arg('--whole', 10_000);
const started = performance.now();
const checks = fairnessChecks({ draws, wholeDraws });
const seconds = (performance.now() - started) / 1000;
console.log(fairnessTable(checks));
console.log(
  `\n${checks.filter((c) => c.pass).length}/${checks.length} checks pass at 99%; ${seconds.toFixed(1)} s on Node ${process.version} (load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, up ${Math.round(uptime() / 3600)} h)`,
);
process.exitCode = checks.every((c) => c.pass) ? 0 : 1;
