/**
 * The tables `npm run bench` prints, kept in bench/results/latest.json with the run that made
 * them, so bench/README.md shows exactly what a run printed (`npm run bench:readme`).
 */

export type BenchRun = {
  /** ISO time the run began. */
  date: string;
  node: string;
  /** Cores, CPU model, memory and the load average when the run began. */
  machine: string;
  /** The command that reproduces the figures. */
  command: string;
};

export type BenchTable = {
  /** The benchmark it reports: http, cold, bundle, phone, login, realtime, ledger, soak. */
  section: string;
  title: string;
  head: readonly string[];
  rows: readonly (readonly string[])[];
  run?: BenchRun;
};

/**
 * The tables of a new run replace those of the same benchmarks in the previous file; tables of
 * benchmarks not run now stay, with the run that made them.
 */
export function mergeTables(
  previous: readonly BenchTable[],
  printed: readonly BenchTable[],
  run: BenchRun,
): BenchTable[] {
  const ranNow = new Set(printed.map((table) => table.section));
  return [
    ...previous.filter((table) => !ranNow.has(table.section)),
    ...printed.map((table) => ({ ...table, run })),
  ];
}

const order = ['http', 'login', 'soak', 'ledger', 'realtime', 'cold', 'bundle', 'phone'];

const escapeCell = (cell: string) => cell.replaceAll('|', '\\|');

/**
 * Markdown for bench/README.md: one table per benchmark table, each row ending with the note of
 * the run that measured it ([1], [2]...), the notes (date, machine, command) under the tables.
 */
export function markdownOf(tables: readonly BenchTable[]): string {
  const sorted = [...tables].sort(
    (a, b) =>
      (order.indexOf(a.section) + 1 || order.length + 1) -
      (order.indexOf(b.section) + 1 || order.length + 1),
  );
  const runs: BenchRun[] = [];
  const noteOf = (run: BenchRun | undefined) => {
    if (!run) return '-';
    let index = runs.findIndex((known) => JSON.stringify(known) === JSON.stringify(run));
    if (index === -1) index = runs.push(run) - 1;
    return `[${index + 1}]`;
  };
  const blocks = sorted.map((table) => {
    const note = noteOf(table.run);
    const head = [...table.head, 'run'];
    const rows = table.rows.map((row) => [...row, note]);
    const widths = head.map((cell, i) =>
      Math.max(3, cell.length, ...rows.map((row) => escapeCell(row[i] ?? '').length)),
    );
    const line = (row: readonly string[]) =>
      `| ${row
        .map((cell, i) => {
          const text = escapeCell(cell);
          return i === 0 ? text.padEnd(widths[i] ?? 0) : text.padStart(widths[i] ?? 0);
        })
        .join(' | ')} |`;
    const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
    return [`**${table.title}**`, '', line(head), rule, ...rows.map(line)].join('\n');
  });
  const notes = runs.map(
    (run, i) =>
      `[${i + 1}] ${run.date.slice(0, 16).replace('T', ' ')} UTC, ${run.machine}, Node ${run.node}: \`${run.command}\``,
  );
  return [...blocks, notes.join('  \n')].join('\n\n');
}

export const readmeMarkers = {
  start: '<!-- bench:start (written by `npm run bench:readme` from bench/results/latest.json) -->',
  end: '<!-- bench:end -->',
} as const;

/** README text with the block between the markers replaced by `block`. */
export function replaceBlock(readme: string, block: string): string {
  const start = readme.indexOf(readmeMarkers.start);
  const end = readme.indexOf(readmeMarkers.end);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`bench/README.md has no ${readmeMarkers.start} ... ${readmeMarkers.end} block`);
  }
  return `${readme.slice(0, start + readmeMarkers.start.length)}\n\n${block}\n\n${readme.slice(end)}`;
}
