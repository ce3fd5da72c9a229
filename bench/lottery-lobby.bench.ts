/**
 * The lottery lobby's menu call (GET /lgw/vn/games/game_menu, device WEB: 4 tags, every game with
 * its open draw timed on the server clock) on the real server against a bare Fastify route
 * answering the same bytes, as bench/games.bench.ts measures the game list. Each target runs
 * one request at a time (p50/p99 of one request, no queueing) and with `connections`
 * connections (requests per second), on a server as deployed (the game rows kept SITE_CACHE_MS,
 * the draws read fresh: one statement per call) and on one that keeps nothing (SITE_CACHE_MS=0:
 * two statements per call). PGlite always; PostgreSQL too when DATABASE_URL is set (a fresh
 * database, dropped afterwards). Needs `npm run build` (the server bundle).
 *
 * Run: `npm run build && npm exec -- node bench/lottery-lobby.bench.ts` (DATABASE_URL for
 * PostgreSQL too).
 */
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { lotteryPaths } from '../src/contract/lottery.ts';
import { systemPaths } from '../src/contract/system.ts';
import {
  bareScript,
  sameReply,
  type BareReply,
  onEachDatabase,
  siteEnv,
  siteScript,
  startServer,
  tempDir,
  type RunningServer,
} from './support/process.ts';

export const lotteryLobbySettings = {
  connections: 20,
  durationSeconds: 8,
  warmupSeconds: 2,
} as const;

export const lotteryLobbyTargets = [
  { name: 'game_menu (device WEB)', path: `${lotteryPaths.gameMenu}?device=WEB` },
  { name: 'opened numero (every game)', path: lotteryPaths.openedNumero },
] as const;

export type LobbyFigures = {
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
};
export type LobbyResult = {
  name: string;
  database: 'PGlite' | 'PostgreSQL';
  bytes: number;
  games: number;
  /** One request at a time: as deployed, nothing kept, bare. */
  single: { ours: LobbyFigures; oursNoCache: LobbyFigures; bare: LobbyFigures };
  /** `connections` connections, as deployed and bare. */
  loaded: { ours: LobbyFigures; bare: LobbyFigures };
};

/** A client address per request (TRUST_PROXY): the per-IP rate limit is not what is measured. */
function randomIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

async function load(baseURL: string, path: string, seconds: number): Promise<LobbyFigures> {
  const result = await autocannon({
    url: baseURL,
    connections: lotteryLobbySettings.connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path,
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...(request.headers as Record<string, string>),
            'x-forwarded-for': randomIp(),
          },
        }),
      },
    ],
  });
  return {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** One request at a time over one kept-alive connection, each timed with the monotonic clock. */
async function sequential(baseURL: string, path: string, seconds: number): Promise<LobbyFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(path, baseURL);
  const times: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  try {
    while (performance.now() < end) {
      const started = performance.now();
      const status = await new Promise<number>((resolve) => {
        const call = request(
          url,
          { agent, headers: { 'x-forwarded-for': randomIp() } },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        call.on('error', () => resolve(0));
        call.end();
      });
      times.push(performance.now() - started);
      if (status === 0) errors += 1;
      else if (status < 200 || status > 299) non2xx += 1;
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return {
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    requestsPerSecond: times.length / seconds,
    non2xx,
    errors,
  };
}

const { warmupSeconds, durationSeconds } = lotteryLobbySettings;
async function single(server: RunningServer, path: string) {
  await sequential(server.baseURL, path, warmupSeconds);
  return sequential(server.baseURL, path, durationSeconds);
}
async function loaded(server: RunningServer, path: string) {
  await load(server.baseURL, path, warmupSeconds);
  return load(server.baseURL, path, durationSeconds);
}

async function runOn(
  database: LobbyResult['database'],
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<LobbyResult[]> {
  const dataDir = tempDir('bench-lottery-lobby-');
  const startSite = (env: Record<string, string>) =>
    startServer(
      siteScript,
      siteEnv(dataDir.path, {
        TRUST_PROXY: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DEMO_CATALOG: 'small',
        ...env,
      }),
      systemPaths.status,
    );
  const bodies: { reply: BareReply; games: number }[] = [];
  const figures: Partial<{
    ours: LobbyFigures;
    oursNoCache: LobbyFigures;
    loaded: LobbyFigures;
  }>[] = [];
  let site: RunningServer | undefined;
  try {
    site = await startSite({});
    for (const target of lotteryLobbyTargets) {
      const response = await fetch(site.baseURL + target.path);
      if (!response.ok) throw new Error(`${target.path} answered HTTP ${response.status}`);
      const reply = await sameReply(response);
      const { body } = reply;
      const value = (JSON.parse(body) as { value: unknown[] }).value;
      const games = value.reduce<number>(
        (sum, entry) => sum + ((entry as { gameMenus?: unknown[] }).gameMenus?.length ?? 1),
        0,
      );
      bodies.push({ reply, games });
      log(`  ${database}, ${target.name} (${games} games): ours, one at a time, then loaded`);
      figures.push({
        ours: await single(site, target.path),
        loaded: await loaded(site, target.path),
      });
    }
    await site.stop();
    site = await startSite({ SITE_CACHE_MS: '0' });
    for (const [index, target] of lotteryLobbyTargets.entries()) {
      log(`  ${database}, ${target.name}: ours, one at a time, nothing kept`);
      figures[index]!.oursNoCache = await single(site, target.path);
    }
    const results: LobbyResult[] = [];
    for (const [index, target] of lotteryLobbyTargets.entries()) {
      const { reply, games } = bodies[index]!;
      const bare = await startServer(
        bareScript,
        { BARE_BODIES: JSON.stringify({ [target.path]: reply }) },
        '/',
      );
      try {
        log(`  ${database}, ${target.name}: bare`);
        const f = figures[index]!;
        results.push({
          name: target.name,
          database,
          bytes: Buffer.byteLength(reply.body),
          games,
          single: {
            ours: f.ours!,
            oursNoCache: f.oursNoCache!,
            bare: await single(bare, target.path),
          },
          loaded: { ours: f.loaded!, bare: await loaded(bare, target.path) },
        });
      } finally {
        await bare.stop();
      }
    }
    return results;
  } finally {
    await site?.stop();
    dataDir.remove();
  }
}

export async function runLotteryLobbyBench(log: (line: string) => void): Promise<LobbyResult[]> {
  const results = await onEachDatabase(
    'bench_lottery_lobby',
    (database, url) => runOn(database, url, log),
    log,
  );
  return results.flat();
}

/** The results as a Markdown table. */
export function lotteryLobbyTable(results: readonly LobbyResult[]): string {
  const ms = (v: number) => v.toFixed(2);
  return [
    '| call | database | bytes | p50 / p99 ms (as deployed) | p50 / p99 ms (nothing kept) | p50 / p99 ms (bare) | req/s ours / bare (20 conn.) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.database} | ${r.bytes} | ${ms(r.single.ours.p50Ms)} / ${ms(r.single.ours.p99Ms)} | ${ms(r.single.oursNoCache.p50Ms)} / ${ms(r.single.oursNoCache.p99Ms)} | ${ms(r.single.bare.p50Ms)} / ${ms(r.single.bare.p99Ms)} | ${Math.round(r.loaded.ours.requestsPerSecond)} / ${Math.round(r.loaded.bare.requestsPerSecond)} |`,
    ),
  ].join('\n');
}

if (import.meta.main) {
  const results = await runLotteryLobbyBench((line) => console.log(line));
  const failures = results.flatMap((r) =>
    [r.single.ours, r.single.oursNoCache, r.loaded.ours]
      .filter((f) => f.non2xx + f.errors > 0)
      .map((f) => `${r.database} ${r.name}: ${f.non2xx} non-2xx, ${f.errors} errors`),
  );
  console.log(`\n${lotteryLobbyTable(results)}`);
  console.log(
    `\nload average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; Node ${process.version}`,
  );
  if (failures.length > 0) {
    console.log(failures.join('\n'));
    process.exitCode = 1;
  }
}
