/**
 * Throughput and p99 latency of the calls every page load makes on the real server, against a
 * bare Fastify server answering the same bytes (body and headers): the status and bootstrap calls (anonymous)
 * and the member info and wallet balance calls (a player's bearer token). Both servers run as
 * child processes; autocannon drives them. On PGlite always, and on PostgreSQL too when
 * DATABASE_URL is set (a fresh database, dropped afterwards).
 *
 * The two servers take turns: after a warm-up each, every target is measured in `slices` short
 * slices per server, ours and bare alternately (each round in the other order than the last).
 * The machine's speed drifts by tens of percent over minutes (a shared 2-core machine), and one
 * server measured after the other took that drift into the ratio; in turns, both servers see
 * the same machine. Each figure sums its server's slices (requests over their seconds, CPU over
 * their requests); the p99 is the median of the slices' p99s.
 */
import autocannon from 'autocannon';
import { identityPaths } from '../src/contract/identity.ts';
import { systemPaths } from '../src/contract/system.ts';
import { walletPaths } from '../src/contract/wallet.ts';
import { registerMembers } from './support/members.ts';
import {
  bareScript,
  sameReply,
  type BareReply,
  cpuMicros,
  onEachDatabase,
  sampleMemory,
  siteEnv,
  siteScript,
  startServer,
  tempDir,
  type RunningServer,
} from './support/process.ts';

export const httpSettings = {
  connections: 50,
  pipelining: 1,
  /** Measured seconds per server and target, in `slices` slices taken in turn with the other. */
  durationSeconds: 10,
  slices: 5,
  warmupSeconds: 2,
  /** Players whose tokens the member calls spread over. */
  members: 20,
} as const;

export const httpTargets = [
  { name: 'system status', path: systemPaths.status, member: false },
  {
    name: 'bootstrap (permission)',
    path: `${systemPaths.permission}?host=localhost`,
    member: false,
  },
  { name: 'member info', path: identityPaths.memberInfo, member: true },
  { name: 'wallet balance', path: walletPaths.balance, member: true },
] as const;

export type LoadFigures = {
  /** Requests answered in the measured load. */
  requests: number;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** The server's highest resident memory during the warm-up and the measured load. */
  peakRssBytes: number;
  /** Its resident memory when the load ended. */
  endRssBytes: number;
  /** The server's CPU time (user + system) per answered request of the measured load. */
  cpuMicrosPerRequest: number;
};
export type HttpResult = {
  name: string;
  path: string;
  /** Where the real server kept its data. */
  database: 'PGlite' | 'PostgreSQL';
  bytes: number;
  ours: LoadFigures;
  bare: LoadFigures;
};

/** A different client address per request, as real traffic has, so the per-IP limit of the
 * real server counts each visitor separately (it trusts the loopback proxy in this bench). */
function randomIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

async function load(
  baseURL: string,
  path: string,
  seconds: number,
  tokens: readonly string[],
): Promise<{ requests: number; seconds: number; p99Ms: number; non2xx: number; errors: number }> {
  let next = 0;
  const result = await autocannon({
    url: baseURL,
    connections: httpSettings.connections,
    pipelining: httpSettings.pipelining,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path,
        setupRequest: (request) => {
          const headers: Record<string, string> = {
            ...(request.headers as Record<string, string>),
            'x-forwarded-for': randomIp(),
          };
          if (tokens.length > 0) {
            next += 1;
            headers.authorization = `Bearer ${tokens[next % tokens.length]}`;
          }
          return { ...request, headers };
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

type SliceFigures = Awaited<ReturnType<typeof load>> & { cpuMicros: number };

/** One server's figures from its slices: sums, and the median of the slices' p99s. */
function summed(
  slices: readonly SliceFigures[],
): Omit<LoadFigures, 'peakRssBytes' | 'endRssBytes'> {
  const sum = (pick: (slice: SliceFigures) => number) =>
    slices.reduce((total, slice) => total + pick(slice), 0);
  const requests = sum((slice) => slice.requests);
  const p99s = slices.map((slice) => slice.p99Ms).sort((a, b) => a - b);
  return {
    requests,
    requestsPerSecond:
      requests /
      Math.max(
        1e-9,
        sum((slice) => slice.seconds),
      ),
    p99Ms: p99s[Math.floor(p99s.length / 2)] ?? Number.NaN,
    non2xx: sum((slice) => slice.non2xx),
    errors: sum((slice) => slice.errors),
    cpuMicrosPerRequest: sum((slice) => slice.cpuMicros) / Math.max(1, requests),
  };
}

async function runOn(
  database: HttpResult['database'],
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<HttpResult[]> {
  const dataDir = tempDir('bench-http-');
  let site: RunningServer | undefined;
  let bare: RunningServer | undefined;
  try {
    site = await startServer(
      siteScript,
      siteEnv(dataDir.path, {
        TRUST_PROXY: '127.0.0.1',
        // Registration of the bench's players without the proof of work a browser does.
        HUMAN_VERIFICATION: 'off',
        DATABASE_URL: databaseUrl,
      }),
      systemPaths.status,
    );
    log(`  ${database}: registering ${httpSettings.members} players`);
    const { tokens } = await registerMembers(site.baseURL, httpSettings.members, 'bench1234');
    const bodies: Record<string, BareReply> = {};
    for (const target of httpTargets) {
      const response = await fetch(site.baseURL + target.path, {
        headers: target.member ? { authorization: `Bearer ${tokens[0]}` } : {},
      });
      if (!response.ok) throw new Error(`${target.path} answered HTTP ${response.status}`);
      bodies[target.path] = await sameReply(response);
    }
    bare = await startServer(bareScript, { BARE_BODIES: JSON.stringify(bodies) }, '/');

    const results: HttpResult[] = [];
    for (const target of httpTargets) {
      const usedTokens = target.member ? tokens : [];
      const servers = { ours: site, bare } as const;
      const sides = ['ours', 'bare'] as const;
      const memory = { ours: sampleMemory(site.pid), bare: sampleMemory(bare.pid) };
      log(
        `  ${database}, ${target.name}: ${httpSettings.slices} slices of ` +
          `${httpSettings.durationSeconds / httpSettings.slices} s per server, in turns`,
      );
      for (const which of sides) {
        await load(servers[which].baseURL, target.path, httpSettings.warmupSeconds, usedTokens);
      }
      const slices = { ours: [] as SliceFigures[], bare: [] as SliceFigures[] };
      for (let round = 0; round < httpSettings.slices; round += 1) {
        for (const which of round % 2 === 0
          ? sides
          : ([...sides].reverse() as (typeof sides)[number][])) {
          const server = servers[which];
          const cpuBefore = cpuMicros(server.pid);
          const measured = await load(
            server.baseURL,
            target.path,
            httpSettings.durationSeconds / httpSettings.slices,
            usedTokens,
          );
          slices[which].push({ ...measured, cpuMicros: cpuMicros(server.pid) - cpuBefore });
        }
      }
      const figures: Partial<Record<'ours' | 'bare', LoadFigures>> = {};
      for (const which of sides) {
        const { peakBytes, endBytes } = memory[which].stop();
        figures[which] = {
          ...summed(slices[which]),
          peakRssBytes: peakBytes,
          endRssBytes: endBytes,
        };
      }
      if (!figures.ours || !figures.bare) throw new Error('missing figures');
      results.push({
        name: target.name,
        path: target.path,
        database,
        bytes: Buffer.byteLength(bodies[target.path]?.body ?? ''),
        ours: figures.ours,
        bare: figures.bare,
      });
    }
    return results;
  } finally {
    await site?.stop();
    await bare?.stop();
    dataDir.remove();
  }
}

export async function runHttpBench(log: (line: string) => void): Promise<HttpResult[]> {
  const results = await onEachDatabase(
    'bench_http',
    (database, url) => runOn(database, url, log),
    log,
  );
  return results.flat();
}
