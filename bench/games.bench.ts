/**
 * The game list with name search over the demo catalog (10,000 games), on the real server
 * against a bare Fastify route answering the same bytes. Each target runs twice: one connection
 * (p50/p99 then is the time to serve one request, no queueing: the server-side figure) and
 * `connections` connections (requests per second). PGlite always; PostgreSQL too when
 * DATABASE_URL is set (a fresh database, dropped afterwards).
 */
import autocannon from 'autocannon';
import { gamesPaths } from '../src/contract/games.ts';
import { systemPaths } from '../src/contract/system.ts';
import { freshPostgres } from './http.bench.ts';
import {
  bareScript,
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

async function measure(server: RunningServer, path: string) {
  await load(server.baseURL, path, gamesSettings.connections, gamesSettings.warmupSeconds);
  const single = await load(server.baseURL, path, 1, gamesSettings.durationSeconds);
  const loaded = await load(
    server.baseURL,
    path,
    gamesSettings.connections,
    gamesSettings.durationSeconds,
  );
  return { single, loaded };
}

async function runOn(
  database: GamesResult['database'],
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<GamesResult[]> {
  const dataDir = tempDir('bench-games-');
  let site: RunningServer | undefined;
  try {
    site = await startServer(
      siteScript,
      siteEnv(dataDir.path, { TRUST_PROXY: '127.0.0.1', DATABASE_URL: databaseUrl }),
      systemPaths.status,
    );
    const results: GamesResult[] = [];
    for (const target of gamesTargets) {
      const response = await fetch(site.baseURL + target.path);
      if (!response.ok) throw new Error(`${target.path} answered HTTP ${response.status}`);
      const body = await response.text();
      const totalCount = (JSON.parse(body) as { value: { totalCount: number } }).value.totalCount;
      const bare = await startServer(
        bareScript,
        { BARE_BODIES: JSON.stringify({ [target.path]: body }) },
        '/',
      );
      try {
        log(`  ${database}, ${target.name} (${totalCount} matches): ours`);
        const ours = await measure(site, target.path);
        log(`  ${database}, ${target.name}: bare`);
        const theirs = await measure(bare, target.path);
        results.push({
          name: target.name,
          database,
          bytes: Buffer.byteLength(body),
          totalCount,
          single: { ours: ours.single, bare: theirs.single },
          loaded: { ours: ours.loaded, bare: theirs.loaded },
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
  const results = await runOn('PGlite', undefined, log);
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    log('  PostgreSQL: skipped (DATABASE_URL is not set)');
    return results;
  }
  const fresh = await freshPostgres(adminUrl);
  try {
    results.push(...(await runOn('PostgreSQL', fresh.url, log)));
  } finally {
    await fresh.drop();
  }
  return results;
}
