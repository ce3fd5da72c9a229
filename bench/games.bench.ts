/**
 * The game list with name search over the demo catalog (10,000 games), on the real server
 * against a bare Fastify route answering the same bytes. Each target runs twice: one request at
 * a time on a server that keeps nothing (SITE_CACHE_MS=0: p50/p99 then is the query's and the
 * route's own time, no queueing: the server-side figure), and `connections` connections on a
 * server as deployed, its catalog answers kept SITE_CACHE_MS (requests per second). PGlite always; PostgreSQL too when
 * DATABASE_URL is set (a fresh database, dropped afterwards).
 */
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { gamesPaths } from '../src/contract/games.ts';
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

export const gamesSettings = {
  connections: 20,
  durationSeconds: 8,
  warmupSeconds: 2,
} as const;

const list = (params: Record<string, string>) =>
  `${gamesPaths.gameList}?${new URLSearchParams({ clientType: '3', pageSize: '15', ...params }).toString()}`;

export const gamesTargets = [
  { name: 'RNG lobby, page 1', path: list({ gameType: 'RNG', pageNo: '1', language: 'en' }) },
  { name: 'search EN "tiger"', path: list({ gameName: 'tiger', language: 'en' }) },
  {
    name: 'search EN "CAFE" (accent, case), page 3',
    path: list({ gameName: 'CAFE', pageNo: '3', language: 'en' }),
  },
  { name: 'search HI "सुनहरा बाघ"', path: list({ gameName: 'सुनहरा बाघ', language: 'hi' }) },
  {
    name: 'search BN "বাঘ" in RNG, min bet 0.1',
    path: list({ gameName: 'বাঘ', gameType: 'RNG', minBet: '0.1', language: 'bn' }),
  },
] as const;

export type GamesFigures = {
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
};
export type GamesResult = {
  name: string;
  database: 'PGlite' | 'PostgreSQL';
  bytes: number;
  totalCount: number;
  /** One connection: latency of one request. */
  single: { ours: GamesFigures; bare: GamesFigures };
  /** `connections` connections: throughput. */
  loaded: { ours: GamesFigures; bare: GamesFigures };
};

function randomIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

async function load(
  baseURL: string,
  path: string,
  connections: number,
  seconds: number,
): Promise<GamesFigures> {
  const result = await autocannon({
    url: baseURL,
    connections,
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

/**
 * One request at a time over one kept-alive connection for `seconds`, each timed with the
 * monotonic clock: p50 and p99 of a request with no queueing, to the microsecond (autocannon
 * rounds latencies to whole milliseconds, which showed every figure here as 0).
 */
async function sequential(baseURL: string, path: string, seconds: number): Promise<GamesFigures> {
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

async function loaded(server: RunningServer, path: string) {
  await load(server.baseURL, path, gamesSettings.connections, gamesSettings.warmupSeconds);
  return load(server.baseURL, path, gamesSettings.connections, gamesSettings.durationSeconds);
}

async function single(server: RunningServer, path: string) {
  await sequential(server.baseURL, path, gamesSettings.warmupSeconds);
  return sequential(server.baseURL, path, gamesSettings.durationSeconds);
}

async function runOn(
  database: GamesResult['database'],
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<GamesResult[]> {
  const dataDir = tempDir('bench-games-');
  const startSite = (env: Record<string, string>) =>
    startServer(
      siteScript,
      siteEnv(dataDir.path, { TRUST_PROXY: '127.0.0.1', DATABASE_URL: databaseUrl, ...env }),
      systemPaths.status,
    );
  const bodies: { reply: BareReply; totalCount: number }[] = [];
  const figures: { single?: GamesFigures; loaded?: GamesFigures }[] = [];
  let site: RunningServer | undefined;
  try {
    // As deployed (the catalog's answers kept SITE_CACHE_MS per node): requests per second.
    site = await startSite({});
    for (const target of gamesTargets) {
      const response = await fetch(site.baseURL + target.path);
      if (!response.ok) throw new Error(`${target.path} answered HTTP ${response.status}`);
      const reply = await sameReply(response);
      const { body } = reply;
      const totalCount = (JSON.parse(body) as { value: { totalCount: number } }).value.totalCount;
      bodies.push({ reply, totalCount });
      log(
        `  ${database}, ${target.name} (${totalCount} matches): ours, ${gamesSettings.connections} connections`,
      );
      figures.push({ loaded: await loaded(site, target.path) });
    }
    await site.stop();
    // Nothing kept (SITE_CACHE_MS=0): every request runs its query, so p50/p99 of one request
    // at a time is the search's own cost on the server.
    site = await startSite({ SITE_CACHE_MS: '0' });
    for (const [index, target] of gamesTargets.entries()) {
      log(`  ${database}, ${target.name}: ours, one at a time, no cache`);
      figures[index]!.single = await single(site, target.path);
    }
    const results: GamesResult[] = [];
    for (const [index, target] of gamesTargets.entries()) {
      const { reply, totalCount } = bodies[index]!;
      const bare = await startServer(
        bareScript,
        { BARE_BODIES: JSON.stringify({ [target.path]: reply }) },
        '/',
      );
      try {
        log(`  ${database}, ${target.name}: bare`);
        const bareSingle = await single(bare, target.path);
        const bareLoaded = await loaded(bare, target.path);
        const ours = figures[index]!;
        results.push({
          name: target.name,
          database,
          bytes: Buffer.byteLength(reply.body),
          totalCount,
          single: { ours: ours.single!, bare: bareSingle },
          loaded: { ours: ours.loaded!, bare: bareLoaded },
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

export async function runGamesBench(log: (line: string) => void): Promise<GamesResult[]> {
  const results = await onEachDatabase(
    'bench_games',
    (database, url) => runOn(database, url, log),
    log,
  );
  return results.flat();
}
