/**
 * `npm run bench`: every benchmark in one run (never part of `npm test`). Prints each figure
 * next to the baseline it compares to and writes bench/results/latest.json.
 * `npm run bench -- --only http,cold,bundle,phone,login,realtime,ledger,games,seamless,agent` runs a subset; the ten-minute
 * soak runs only when named: `npm run bench -- --only soak`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { runBundleBench, type BundleResult } from './bundle-size.bench.ts';
import { runColdStartBench, type ColdStartResult } from './cold-start.bench.ts';
import {
  kinds,
  medianLoad,
  phoneSettings,
  runPhoneBench,
  type LoadFigures,
  type PhoneBenchResult,
} from './phone.bench.ts';
import { gamesSettings, runGamesBench, type GamesResult } from './games.bench.ts';
import { runSeamlessBench, seamlessSettings, type SeamlessBenchResult } from './seamless.bench.ts';
import { httpSettings, runHttpBench, type HttpResult } from './http.bench.ts';
import { ledgerSettings, runLedgerBench, type LedgerBenchResult } from './ledger.bench.ts';
import { lotterySettings, runLotteryBench, type LotteryBenchResult } from './lottery.bench.ts';
import {
  agentWagesSettings,
  runAgentWagesBench,
  type AgentWagesBenchResult,
} from './agent-wages.bench.ts';
import { loginSettings, runLoginBench, type LoginBenchResult } from './login.bench.ts';
import { realtimeSettings, runRealtimeBench, type RealtimeBenchRow } from './realtime.bench.ts';
import {
  runSoakBench,
  soakSettings,
  windowSeconds as window,
  type SoakResult,
} from './soak.bench.ts';
import { root, type MemoryParts } from './support/process.ts';
import { mergeTables, type BenchRun, type BenchTable } from './support/tables.ts';

const onlyIndex = process.argv.indexOf('--only');
const only = new Set(
  onlyIndex === -1
    ? [
        'http',
        'cold',
        'bundle',
        'phone',
        'login',
        'realtime',
        'ledger',
        'games',
        'seamless',
        'lottery',
        'agent',
      ]
    : (process.argv[onlyIndex + 1] ?? '').split(','),
);
const minutes = (seconds: number) => `${(seconds / 60).toFixed(seconds % 60 ? 1 : 0)} min`;
/** A duration in whole minutes when it is one, else in seconds. */
const span = (seconds: number) =>
  seconds >= 60 && seconds % 60 === 0 ? minutes(seconds) : `${Math.round(seconds)} s`;
const log = (line: string) => console.log(line);

type Row = [string, string, string, string];

/** Every table printed, by the benchmark it reports (bench/README.md shows them: npm run bench:readme). */
const printed: BenchTable[] = [];
let section = '';

function table(title: string, head: readonly string[], rows: (readonly string[])[]): void {
  printed.push({ section, title, head, rows });
  const widths = head.map((cell, i) =>
    Math.max(cell.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (row: readonly string[]) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(`\n${title}`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
/** Sub-millisecond times to the hundredth of a millisecond. */
const fineMs = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
const micros = (n: number) => `${n.toFixed(0)} µs`;
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : '-');
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

const results: {
  date: string;
  node: string;
  cpus: { count: number; model: string };
  http?: { settings: typeof httpSettings; results: HttpResult[] };
  coldStart?: ColdStartResult;
  bundle?: BundleResult;
  phone?: { settings: typeof phoneSettings; results: PhoneBenchResult };
  login?: {
    settings: typeof loginSettings;
    /** The login bench's server runs on the bench's DATABASE_URL when one is set. */
    database?: 'PGlite' | 'PostgreSQL';
    results: LoginBenchResult;
  };
  realtime?: { settings: typeof realtimeSettings; results: RealtimeBenchRow[] };
  ledger?: { settings: typeof ledgerSettings; results: LedgerBenchResult };
  soak?: { settings: typeof soakSettings; results: SoakResult[] };
  games?: { settings: typeof gamesSettings; results: GamesResult[] };
  seamless?: { settings: typeof seamlessSettings; results: SeamlessBenchResult };
  lottery?: { settings: typeof lotterySettings; results: LotteryBenchResult };
  agent?: { settings: typeof agentWagesSettings; results: AgentWagesBenchResult };
} = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: { count: cpus().length, model: cpus()[0]?.model ?? 'unknown' },
};

// Other work on the machine changes every figure: the load when the run began goes with them.
const loadAtStart = loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
console.log(
  `bench on Node ${process.version}, ${results.cpus.count} x ${results.cpus.model}, load ${loadAtStart}`,
);

if (only.has('http')) {
  log(
    `\n[http] autocannon: ${httpSettings.connections} connections, pipelining ${httpSettings.pipelining}, ` +
      `${httpSettings.warmupSeconds} s warm-up then ${httpSettings.durationSeconds} s per target and server, ` +
      `in ${httpSettings.slices} slices taken in turns with the other server`,
  );
  results.http = { settings: httpSettings, results: await runHttpBench(log) };
}
if (only.has('cold')) {
  log('\n[cold start] spawn to first answer of /wps/system/status on PGlite');
  results.coldStart = await runColdStartBench(log);
}
if (only.has('bundle')) {
  log(
    '\n[bundle] the JavaScript the home route loads: as the server sends it (Accept-Encoding: br, gzip), gzip -9, raw',
  );
  results.bundle = await runBundleBench();
}
if (only.has('phone')) {
  const { network: n, viewport: v } = phoneSettings;
  log(
    `\n[phone] headless Chromium as a ${v.width}x${v.height} phone: ${n.latencyMs} ms latency, ` +
      `${((n.downloadBytesPerSecond * 8) / 2 ** 20).toFixed(1)} Mbit/s down, ` +
      `${(n.uploadBytesPerSecond * 8) / 1024} kbit/s up, CPU ${phoneSettings.cpuSlowdown}x slower; ` +
      `${phoneSettings.runs} cold + warm loads per page, then Lighthouse`,
  );
  results.phone = { settings: phoneSettings, results: await runPhoneBench(log) };
}
if (only.has('login')) {
  const { memoryCost, timeCost, parallelism } = loginSettings.argon2;
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  log(
    `\n[login] on ${database}, ${loginSettings.members} members, argon2id m=${memoryCost} KiB t=${timeCost} p=${parallelism}, ` +
      `${loginSettings.warmupSeconds} s warm-up then ${loginSettings.durationSeconds} s per target`,
  );
  results.login = { settings: loginSettings, database, results: await runLoginBench(log) };
}

if (only.has('realtime')) {
  log(
    `\n[realtime] ${realtimeSettings.sockets.join(' and ')} sockets (one player each), in process on ` +
      `PGlite: committed change to arrival, against a bare socket.io emit`,
  );
  results.realtime = { settings: realtimeSettings, results: await runRealtimeBench(log) };
}
if (only.has('ledger')) {
  log(
    `\n[ledger] one-unit debits through the ledger service on PostgreSQL, ${ledgerSettings.clients} clients, ` +
      `${ledgerSettings.warmupSeconds} s warm-up then ${ledgerSettings.durationSeconds} s per target, against pgbench`,
  );
  results.ledger = { settings: ledgerSettings, results: await runLedgerBench(log) };
  if ('skipped' in results.ledger.results) log(`  skipped: ${results.ledger.results.skipped}`);
}

if (only.has('games')) {
  log(
    `\n[games] game list with name search over the demo catalog: 1 connection (latency) then ` +
      `${gamesSettings.connections} (req/s), ${gamesSettings.warmupSeconds} s warm-up, ${gamesSettings.durationSeconds} s each`,
  );
  results.games = { settings: gamesSettings, results: await runGamesBench(log) };
}

if (only.has('seamless')) {
  log(
    `\n[seamless] bet+win pairs over signed HTTP on PostgreSQL, ${seamlessSettings.clients} players, ` +
      `${seamlessSettings.warmupSeconds} s warm-up then ${seamlessSettings.durationSeconds} s, against pgbench simple-update`,
  );
  results.seamless = { settings: seamlessSettings, results: await runSeamlessBench(log) };
  if ('skipped' in results.seamless.results) log(`  skipped: ${results.seamless.results.skipped}`);
}

if (only.has('lottery')) {
  log(
    `\n[lottery] settle one draw of ${lotterySettings.bets} bets on PostgreSQL, against pgbench simple-update`,
  );
  results.lottery = { settings: lotterySettings, results: await runLotteryBench(log) };
  if ('skipped' in results.lottery.results) log(`  skipped: ${results.lottery.results.skipped}`);
}

if (only.has('agent')) {
  log(
    `\n[agent] one real-time wage settlement on PostgreSQL at 3 sizes (full: ${agentWagesSettings.players} players, ` +
      `${agentWagesSettings.players * agentWagesSettings.betsPerPlayer} bets), against the plain team aggregate`,
  );
  results.agent = { settings: agentWagesSettings, results: await runAgentWagesBench(log) };
  if ('skipped' in results.agent.results) log(`  skipped: ${results.agent.results.skipped}`);
}

if (only.has('soak')) {
  log(
    `\n[soak] mixed load (status, bootstrap, member info, balance, home page), ${soakSettings.connections} ` +
      `connections for ${soakSettings.seconds} s, resident memory sampled every ${soakSettings.sampleSeconds} s`,
  );
  results.soak = { settings: soakSettings, results: await runSoakBench(log) };
}

if (results.http) {
  section = 'http';
  const rows: Row[] = [];
  for (const r of results.http.results) {
    const name = `${r.database}, ${r.name}`;
    rows.push([
      `${name} req/s (${r.bytes} B body)`,
      int(r.ours.requestsPerSecond),
      int(r.bare.requestsPerSecond),
      ratio(r.ours.requestsPerSecond, r.bare.requestsPerSecond),
    ]);
    rows.push([
      `${name} p99 latency`,
      ms(r.ours.p99Ms),
      ms(r.bare.p99Ms),
      ratio(r.ours.p99Ms, r.bare.p99Ms),
    ]);
    // Older results (before the figure existed) have none.
    if (r.ours.cpuMicrosPerRequest !== undefined && r.bare.cpuMicrosPerRequest !== undefined) {
      rows.push([
        `${name} CPU per request`,
        micros(r.ours.cpuMicrosPerRequest),
        micros(r.bare.cpuMicrosPerRequest),
        ratio(r.ours.cpuMicrosPerRequest, r.bare.cpuMicrosPerRequest),
      ]);
    }
    rows.push([
      `${name} peak RSS`,
      mib(r.ours.peakRssBytes),
      mib(r.bare.peakRssBytes),
      ratio(r.ours.peakRssBytes, r.bare.peakRssBytes),
    ]);
    if (r.ours.non2xx + r.ours.errors + r.bare.non2xx + r.bare.errors > 0) {
      rows.push([
        `${name} non-2xx / errors`,
        `${r.ours.non2xx} / ${r.ours.errors}`,
        `${r.bare.non2xx} / ${r.bare.errors}`,
        '-',
      ]);
    }
  }
  // Resident memory once every target's load has run (the last target's end).
  for (const database of ['PGlite', 'PostgreSQL'] as const) {
    const last = results.http.results.filter((r) => r.database === database).at(-1);
    if (!last) continue;
    rows.push([
      `${database}, RSS after the whole load`,
      mib(last.ours.endRssBytes),
      mib(last.bare.endRssBytes),
      ratio(last.ours.endRssBytes, last.bare.endRssBytes),
    ]);
  }
  table(
    `HTTP (${httpSettings.connections} connections, ${httpSettings.durationSeconds} s per server in ${httpSettings.slices} slices, in turns)`,
    ['metric', 'ours', 'bare Fastify', 'ours/bare'],
    rows,
  );
}
if (results.games) {
  section = 'games';
  const rows: Row[] = [];
  for (const r of results.games.results) {
    const name = `${r.database}, ${r.name}`;
    rows.push([
      `${name} p50 / p99, one at a time, no cache (${r.totalCount} matches, ${r.bytes} B)`,
      `${fineMs(r.single.ours.p50Ms)} / ${fineMs(r.single.ours.p99Ms)}`,
      `${fineMs(r.single.bare.p50Ms)} / ${fineMs(r.single.bare.p99Ms)}`,
      ratio(r.single.ours.p50Ms, r.single.bare.p50Ms),
    ]);
    rows.push([
      `${name} req/s, ${gamesSettings.connections} connections, cache on`,
      int(r.loaded.ours.requestsPerSecond),
      int(r.loaded.bare.requestsPerSecond),
      ratio(r.loaded.ours.requestsPerSecond, r.loaded.bare.requestsPerSecond),
    ]);
    const bad =
      r.single.ours.non2xx + r.single.ours.errors + r.loaded.ours.non2xx + r.loaded.ours.errors;
    if (bad > 0) rows.push([`${name} non-2xx / errors`, String(bad), '-', '-']);
  }
  table(
    `Game list and name search (${gamesSettings.durationSeconds} s per figure)`,
    ['metric', 'ours', 'bare Fastify', 'ours/bare'],
    rows,
  );
}
if (results.coldStart) {
  section = 'cold';
  const c = results.coldStart;
  table(
    `Start to first answer (median of ${c.runs})`,
    ['metric', 'ours', 'bare Fastify', 'ours/bare'],
    [
      [
        'first start (fresh DATA_DIR)',
        ms(c.medians.firstStart),
        ms(c.medians.bare),
        ratio(c.medians.firstStart, c.medians.bare),
      ],
      [
        'warm start (same DATA_DIR)',
        ms(c.medians.warmStart),
        ms(c.medians.bare),
        ratio(c.medians.warmStart, c.medians.bare),
      ],
    ],
  );
}
if (results.bundle) {
  section = 'bundle';
  const b = results.bundle;
  const sent = (f: { sentBytes?: number; sentEncoding?: string }) =>
    f.sentBytes === undefined ? '-' : `${kb(f.sentBytes)} ${f.sentEncoding ?? ''}`.trim();
  table(
    `Home route JavaScript: as the server sends it (Accept-Encoding: br, gzip), gzip -9, raw`,
    ['file', 'sent', 'gzip -9', 'raw'],
    b.app.files.map((f) => [f.file, sent(f), kb(f.gzipBytes), kb(f.bytes)] as Row),
  );
  const sentTotal = (m: typeof b.app) =>
    m.totalSentBytes === undefined ? Number.NaN : m.totalSentBytes;
  table(
    'Home route JavaScript vs bare React 19 "hello"',
    ['metric', 'app', 'bare React', 'app/bare'],
    [
      [
        'total as sent (Accept-Encoding: br, gzip)',
        kb(sentTotal(b.app)),
        kb(sentTotal(b.bareReact)),
        ratio(sentTotal(b.app), sentTotal(b.bareReact)),
      ],
      [
        'total gzip -9',
        kb(b.app.totalGzipBytes),
        kb(b.bareReact.totalGzipBytes),
        ratio(b.app.totalGzipBytes, b.bareReact.totalGzipBytes),
      ],
      [
        'total raw',
        kb(b.app.totalBytes),
        kb(b.bareReact.totalBytes),
        ratio(b.app.totalBytes, b.bareReact.totalBytes),
      ],
      ['files', String(b.app.files.length), String(b.bareReact.files.length), ''],
    ],
  );
  const encodings = new Set(b.app.files.map((f) => f.sentEncoding ?? 'identity'));
  console.log(
    `home route JavaScript as sent: ${kb(sentTotal(b.app))} (${[...encodings].join(', ')})`,
  );
  if (!b.homeChunk)
    console.log(`note: no chunk holds src/ui/pages/home/home-page.tsx; only the entry is counted`);
  else console.log(`home page chunk: ${b.homeChunk.key} (found by ${b.homeChunk.foundBy})`);
}
if (results.phone) {
  section = 'phone';
  const p = results.phone.results;
  const g = phoneSettings.goals;
  const runs = phoneSettings.runs;
  const secs = (n: number) => (Number.isFinite(n) && n >= 0 ? `${(n / 1000).toFixed(2)} s` : '-');
  const kB = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  const shift = (n: number) => n.toFixed(3);
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const all = [p.bare, ...p.pages];
  const cold = new Map(all.map((page) => [page, medianLoad(page.cold)]));
  const warm = new Map(all.map((page) => [page, medianLoad(page.warm)]));
  const label = (page: (typeof all)[number], load: LoadFigures) =>
    `${page.name} \`${page.path}\`${load.timedOut ? ' (did not settle)' : ''}`;
  const bareOf = (mode: typeof cold) => mode.get(p.bare) as LoadFigures;
  for (const [mode, loads] of [
    ['cold (new context, empty cache)', cold],
    ['warm (the same page again, same context)', warm],
  ] as const) {
    table(
      `Phone, ${mode}: median of ${runs}; CLS is the largest session window (web-vitals)`,
      ['page', 'FCP', 'LCP', 'LCP/bare', 'TBT', 'CLS', 'bytes', 'requests (cached)'],
      all.map((page) => {
        const load = loads.get(page) as LoadFigures;
        return [
          label(page, load),
          secs(load.fcpMs),
          secs(load.lcpMs),
          ratio(load.lcpMs, bareOf(loads).lcpMs),
          ms(load.tbtMs),
          shift(load.cls),
          kB(load.totalBytes),
          `${int(load.requests)} (${int(load.cached)})`,
        ];
      }),
    );
  }
  table(
    `Phone, bytes on the wire by kind (KB of 1,000 bytes, median of ${runs}; a cache or service worker answer is 0${
      p.serviceWorker
        ? "; the service worker's own fetches, its precache among them, are not seen"
        : ''
    })`,
    ['page', ...kinds, 'total'],
    all.flatMap((page) =>
      (
        [
          ['cold', cold],
          ['warm', warm],
        ] as const
      ).map(([mode, loads]) => {
        const load = loads.get(page) as LoadFigures;
        return [
          `${page.name} ${mode}`,
          ...kinds.map((k) => kB(load.bytes[k])),
          kB(load.totalBytes),
        ];
      }),
    ),
  );
  // What the figures are made of, for whoever works on them: the first run's elements.
  table(
    'Phone, what paints largest and what moves (the first run; each shift its value)',
    ['page', 'LCP element (cold / warm)', 'largest shifts, cold', 'largest shifts, warm'],
    all.map((page) => {
      const [c, w] = [page.cold[0], page.warm[0]];
      const shifts = (load: LoadFigures | undefined) => load?.shiftElements.join(', ') || '-';
      return [page.name, `${c?.lcpElement || '-'} / ${w?.lcpElement || '-'}`, shifts(c), shifts(w)];
    }),
  );
  const home = p.pages.find((page) => page.path === '/');
  const goalRows: Row[] = [];
  for (const page of p.pages) {
    const load = cold.get(page) as LoadFigures;
    goalRows.push([
      `LCP <= ${secs(g.lcpColdMs)} cold`,
      page.name,
      secs(load.lcpMs),
      met(load.lcpMs <= g.lcpColdMs),
    ]);
  }
  for (const page of p.pages) {
    const worst = Math.max(
      (cold.get(page) as LoadFigures).cls,
      (warm.get(page) as LoadFigures).cls,
    );
    goalRows.push([
      `CLS <= ${g.cls} (cold and warm)`,
      page.name,
      shift(worst),
      met(worst <= g.cls),
    ]);
  }
  if (home) {
    const c = cold.get(home) as LoadFigures;
    const w = warm.get(home) as LoadFigures;
    goalRows.push([
      `home bytes <= ${kB(g.homeColdBytes)} cold`,
      home.name,
      kB(c.totalBytes),
      met(c.totalBytes <= g.homeColdBytes),
    ]);
    goalRows.push([
      `home bytes <= ${kB(g.homeWarmBytes)} warm`,
      home.name,
      kB(w.totalBytes),
      met(w.totalBytes <= g.homeWarmBytes),
    ]);
  }
  const lh = p.lighthouse;
  if (!('skipped' in lh)) {
    for (const { name, figures } of lh) {
      if (name === p.bare.name) continue;
      goalRows.push([
        'Lighthouse performance >= 90',
        name,
        'error' in figures ? 'failed' : String(figures.score),
        'error' in figures ? '-' : met(figures.score >= 90),
      ]);
    }
  }
  table('Phone goals (issue 35)', ['goal', 'page', 'measured', 'met'], goalRows);
  if ('skipped' in lh) console.log(`lighthouse: ${lh.skipped}`);
  else {
    table(
      'Lighthouse 13 mobile (default config: simulated throttling), performance',
      ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'bytes'],
      lh.map(({ name, figures }) =>
        'error' in figures
          ? [name, 'failed', '-', '-', '-', '-', '-']
          : [
              name,
              String(figures.score),
              secs(figures.fcpMs),
              secs(figures.lcpMs),
              ms(figures.tbtMs),
              shift(figures.cls),
              kB(figures.totalBytes),
            ],
      ),
    );
    for (const { name, figures } of lh)
      if ('error' in figures) console.log(`lighthouse ${name}: ${figures.error}`);
  }
  console.log(
    p.serviceWorker
      ? 'service workers took part in the loads'
      : 'service workers blocked in the phone contexts: warm loads measure HTTP caching',
  );
}
if (results.login) {
  section = 'login';
  const { argon2, login, memberInfo, balance } = results.login.results;
  const s = results.login.settings;
  const on = results.login.database ? `, on ${results.login.database}` : '';
  const cost = `argon2id m=${s.argon2.memoryCost} KiB, t=${s.argon2.timeCost}, p=${s.argon2.parallelism}`;
  const rows: Row[] = [
    [
      `login req/s vs verifies/s (${s.loginConnections} conn. / 1 core)`,
      int(login.requestsPerSecond),
      int(argon2.verifiesPerSecond),
      ratio(login.requestsPerSecond, argon2.verifiesPerSecond),
    ],
    ['login p50 latency', ms(login.p50Ms), ms(argon2.p50Ms), ratio(login.p50Ms, argon2.p50Ms)],
    ['login p99 latency', ms(login.p99Ms), ms(argon2.p99Ms), ratio(login.p99Ms, argon2.p99Ms)],
  ];
  if (login.non2xx + login.errors > 0) {
    rows.push(['login non-2xx / errors', `${login.non2xx} / ${login.errors}`, '-', '-']);
  }
  table(
    `Login (${cost}; ${cpus().length} cores, ${s.durationSeconds} s${on})`,
    ['metric', 'login', 'raw argon2id', 'login/raw'],
    rows,
  );
  const infoRows: Row[] = [
    [
      `member info req/s (${memberInfo.bytes} B body)`,
      int(memberInfo.ours.requestsPerSecond),
      int(memberInfo.bare.requestsPerSecond),
      ratio(memberInfo.ours.requestsPerSecond, memberInfo.bare.requestsPerSecond),
    ],
    [
      'member info p50 latency',
      ms(memberInfo.ours.p50Ms),
      ms(memberInfo.bare.p50Ms),
      ratio(memberInfo.ours.p50Ms, memberInfo.bare.p50Ms),
    ],
    [
      'member info p99 latency',
      ms(memberInfo.ours.p99Ms),
      ms(memberInfo.bare.p99Ms),
      ratio(memberInfo.ours.p99Ms, memberInfo.bare.p99Ms),
    ],
    [
      `wallet balance req/s (${balance.bytes} B body)`,
      int(balance.ours.requestsPerSecond),
      int(balance.bare.requestsPerSecond),
      ratio(balance.ours.requestsPerSecond, balance.bare.requestsPerSecond),
    ],
    [
      'wallet balance p50 latency',
      ms(balance.ours.p50Ms),
      ms(balance.bare.p50Ms),
      ratio(balance.ours.p50Ms, balance.bare.p50Ms),
    ],
    [
      'wallet balance p99 latency',
      ms(balance.ours.p99Ms),
      ms(balance.bare.p99Ms),
      ratio(balance.ours.p99Ms, balance.bare.p99Ms),
    ],
  ];
  // Resident memory of the server under each load, beside the bare server's under the same calls.
  const memoryRows: [string, number | undefined, number | undefined][] = [
    ['peak RSS during the logins', login.peakRssBytes, memberInfo.bare.peakRssBytes],
    ['peak RSS during member info', memberInfo.ours.peakRssBytes, memberInfo.bare.peakRssBytes],
    ['peak RSS during wallet balance', balance.ours.peakRssBytes, balance.bare.peakRssBytes],
    ['RSS after the whole load', balance.ours.endRssBytes, balance.bare.endRssBytes],
  ];
  for (const [label, oursBytes, bareBytes] of memoryRows) {
    if (oursBytes === undefined || bareBytes === undefined) continue;
    infoRows.push([label, mib(oursBytes), mib(bareBytes), ratio(oursBytes, bareBytes)]);
  }
  const { ours, bare } = memberInfo;
  if (ours.non2xx + ours.errors + bare.non2xx + bare.errors > 0) {
    infoRows.push([
      'member info non-2xx / errors',
      `${ours.non2xx} / ${ours.errors}`,
      `${bare.non2xx} / ${bare.errors}`,
      '-',
    ]);
  }
  table(
    `Member info (${s.infoConnections} connections, ${s.durationSeconds} s${on})`,
    ['metric', 'ours', 'bare Fastify', 'ours/bare'],
    infoRows,
  );
  console.log(
    `login: ${int(login.requests)} logins from ${int(login.freshBodies)} fresh JWE bodies over ${s.members} members; ` +
      `argon2id baseline: ${int(argon2.verifies)} sequential verifies in the bench process`,
  );
}

if (results.realtime) {
  section = 'realtime';
  const rows: Row[] = [];
  for (const r of results.realtime.results) {
    for (const kind of ['single', 'burst'] as const) {
      const label = kind === 'single' ? 'one event' : `burst of ${r.sockets}`;
      for (const q of ['p50Ms', 'p99Ms'] as const) {
        rows.push([
          `${r.sockets} sockets, ${label}, ${q.slice(0, 3)}`,
          ms(r.ours[kind][q]),
          ms(r.bare[kind][q]),
          ratio(r.ours[kind][q], r.bare[kind][q]),
        ]);
      }
    }
  }
  table(
    'Real-time: committed change to arrival at the socket',
    ['metric', 'ours', 'bare socket.io', 'ours/bare'],
    rows,
  );
}
if (results.ledger && !('skipped' in results.ledger.results)) {
  section = 'ledger';
  const { server, pgbench, rows: ledgerRows } = results.ledger.results;
  const rows: Row[] = [];
  for (const r of ledgerRows) {
    rows.push([
      `${r.name}: debits/s vs ${r.baseline} tps`,
      int(r.ours.perSecond),
      int(r.pgbench.perSecond),
      ratio(r.ours.perSecond, r.pgbench.perSecond),
    ]);
    rows.push([
      `${r.name}: p50 latency`,
      ms(r.ours.p50Ms),
      ms(r.pgbench.p50Ms),
      ratio(r.ours.p50Ms, r.pgbench.p50Ms),
    ]);
    rows.push([
      `${r.name}: p99 latency`,
      ms(r.ours.p99Ms),
      ms(r.pgbench.p99Ms),
      ratio(r.ours.p99Ms, r.pgbench.p99Ms),
    ]);
    if (r.ours.errors + r.pgbench.errors > 0) {
      rows.push([`${r.name}: errors`, String(r.ours.errors), String(r.pgbench.errors), '-']);
    }
  }
  table(
    `Ledger debits on ${server} (${ledgerSettings.clients} clients, ${ledgerSettings.durationSeconds} s; ${pgbench})`,
    ['metric', 'ledger', 'pgbench', 'ledger/pgbench'],
    rows,
  );
  const cpu = ledgerRows.map((r) => `${r.name} ${r.ours.cpuMsPerDebit.toFixed(2)} ms`).join(', ');
  console.log(`ledger: Node CPU per debit in the bench process: ${cpu}`);
}
if (results.seamless && !('skipped' in results.seamless.results)) {
  section = 'seamless';
  const { server, pgbench, pairs, simpleUpdate } = results.seamless.results;
  const rows: Row[] = [
    [
      'bet+win pairs/s vs simple-update tps',
      int(pairs.perSecond),
      int(simpleUpdate.perSecond),
      ratio(pairs.perSecond, simpleUpdate.perSecond),
    ],
    [
      'p50 latency',
      ms(pairs.p50Ms),
      ms(simpleUpdate.p50Ms),
      ratio(pairs.p50Ms, simpleUpdate.p50Ms),
    ],
    [
      'p99 latency',
      ms(pairs.p99Ms),
      ms(simpleUpdate.p99Ms),
      ratio(pairs.p99Ms, simpleUpdate.p99Ms),
    ],
  ];
  if (pairs.errors + simpleUpdate.errors > 0) {
    rows.push(['errors', String(pairs.errors), String(simpleUpdate.errors), '-']);
  }
  table(
    `Seamless bet+win pairs over signed HTTP on ${server} (${seamlessSettings.clients} players, ${seamlessSettings.durationSeconds} s; ${pgbench} -b simple-update)`,
    ['metric', 'seamless', 'pgbench', 'seamless/pgbench'],
    rows,
  );
  console.log(
    `seamless: Node CPU per pair in the bench process: ${pairs.cpuMsPerPair.toFixed(1)} ms; ` +
      `database statements per pair: ${pairs.statementsPerPair.toFixed(2)}`,
  );
}
if (results.lottery && !('skipped' in results.lottery.results)) {
  section = 'lottery';
  const r = results.lottery.results;
  table(
    `Lottery settlement on ${r.server} (${r.bets} bets, one statement; ${r.pgbench})`,
    ['metric', 'settlement', 'pgbench simple-update', 'ratio'],
    [
      ['seconds for the draw', r.seconds.toFixed(2), '-', '-'],
      [
        'settled bets/s vs tps',
        int(r.betsPerSecond),
        int(r.simpleUpdate.perSecond),
        ratio(r.betsPerSecond, r.simpleUpdate.perSecond),
      ],
    ],
  );
}
if (results.agent && !('skipped' in results.agent.results)) {
  section = 'agent';
  const r = results.agent.results;
  table(
    `Agent real-time wage settlement on ${r.server} (1,101 contracts; target < ${agentWagesSettings.targetSeconds} s at full size)`,
    ['players / bets in the window', 'settlement', 'team aggregate alone', 'ratio'],
    r.rows.map((row) => [
      `${int(row.players)} / ${int(row.bets)}`,
      `${row.seconds.toFixed(2)} s`,
      `${row.baselineSeconds.toFixed(2)} s`,
      ratio(row.seconds, row.baselineSeconds),
    ]),
  );
}
if (results.soak) {
  section = 'soak';
  const rows: Row[] = [];
  for (const { database, ours, bare } of results.soak.results) {
    const memory: [string, number, number][] = [
      ['RSS before the load', ours.idleBytes, bare.idleBytes],
      [
        `RSS from ${span(window(soakSettings.seconds))} to ${span(2 * window(soakSettings.seconds))} of load (median)`,
        ours.settledBytes,
        bare.settledBytes,
      ],
      ['peak RSS under the load', ours.peakBytes, bare.peakBytes],
      [
        `RSS in the last ${span(window(soakSettings.seconds))} of the load (median)`,
        ours.endBytes,
        bare.endBytes,
      ],
    ];
    for (const [label, a, b] of memory)
      rows.push([`${database}, ${label}`, mib(a), mib(b), ratio(a, b)]);
    const growth = (f: typeof ours) => f.endBytes - f.settledBytes;
    const signed = (bytes: number) =>
      `${bytes >= 0 ? '+' : '-'}${(Math.abs(bytes) / 2 ** 20).toFixed(1)} MiB`;
    rows.push([
      `${database}, growth (the last window's median against the second's)`,
      signed(growth(ours)),
      signed(growth(bare)),
      '-',
    ]);
    // A leak grows with the work done; the warm-up (JIT code, V8 sizing its heap) does not. So
    // the second half's growth, per request served in it.
    const lateGrowth = (f: typeof ours) => f.endBytes - f.midBytes;
    const perRequest = (f: typeof ours) =>
      `${(lateGrowth(f) / Math.max(1, f.secondHalfRequests)).toFixed(2)} B`;
    rows.push([
      `${database}, growth over the second half (the last window's median against the middle one's)`,
      signed(lateGrowth(ours)),
      signed(lateGrowth(bare)),
      '-',
    ]);
    rows.push([
      `${database}, the second half's growth per request served in it`,
      perRequest(ours),
      perRequest(bare),
      '-',
    ]);
    // Where the growth is: a leak of our own code would be V8's heap (anonymous), PGlite's in
    // its WebAssembly memory, native allocations in the malloc heap.
    const parts: [string, keyof MemoryParts][] = [
      ['malloc heap', 'mallocHeap'],
      ['WebAssembly memory', 'wasm'],
      ['V8 heap and other anonymous', 'anonymous'],
      ['mapped files', 'files'],
    ];
    for (const [label, key] of parts)
      rows.push([
        `${database}, growth of the ${label}`,
        signed(ours.endParts[key] - ours.settledParts[key]),
        signed(bare.endParts[key] - bare.settledParts[key]),
        '-',
      ]);
    rows.push([
      `${database}, requests (non-2xx / errors)`,
      `${int(ours.requests)} (${ours.non2xx} / ${ours.errors})`,
      `${int(bare.requests)} (${bare.non2xx} / ${bare.errors})`,
      ratio(ours.requests / soakSettings.seconds, bare.requests / soakSettings.bareSeconds),
    ]);
  }
  table(
    `Soak: ${minutes(soakSettings.seconds)} of mixed load, ${soakSettings.connections} connections (bare Fastify: ${minutes(soakSettings.bareSeconds)}, its windows ${span(window(soakSettings.bareSeconds))}); SOAK_SECONDS=${soakSettings.seconds}`,
    ['metric', 'ours', 'bare Fastify', 'ours/bare'],
    rows,
  );
}
const outDir = join(root, 'bench', 'results');
mkdirSync(outDir, { recursive: true });
const latestPath = join(outDir, 'latest.json');
// The tables of the benchmarks run now replace theirs; the others keep their own run's stamp.
const previous = existsSync(latestPath)
  ? (JSON.parse(readFileSync(latestPath, 'utf8')) as { tables?: BenchTable[] })
  : {};
// The database server the run used, without its password.
const databaseUrl = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
if (databaseUrl) databaseUrl.password = '';
const run: BenchRun = {
  date: results.date,
  node: results.node,
  // The load once the run is over too: other work that came during it changes the figures.
  machine: `${results.cpus.count} x ${results.cpus.model}, ${Math.round(totalmem() / 2 ** 30)} GiB, load ${loadAtStart} (at the end ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')})`,
  command: `${databaseUrl ? `DATABASE_URL=${databaseUrl.toString()} ` : ''}npm run bench${onlyIndex === -1 ? '' : ` -- --only ${process.argv[onlyIndex + 1] ?? ''}`}`,
};
const tables = mergeTables(previous.tables ?? [], printed, run);
writeFileSync(latestPath, `${JSON.stringify({ ...results, tables }, null, 2)}\n`);
console.log(`\nwrote bench/results/latest.json`);
