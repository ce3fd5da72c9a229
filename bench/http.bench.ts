/**
 * Throughput and p99 latency of the start-up calls on the real server, against a bare Fastify
 * server answering the same JSON bytes. Both run as child processes; autocannon drives them.
 */
import autocannon from 'autocannon';
import { systemPaths } from '../src/contract/system.ts';
import {
  bareScript,
  siteEnv,
  siteScript,
  startServer,
  tempDir,
  type RunningServer,
} from './support/process.ts';

export const httpSettings = {
  connections: 50,
  pipelining: 1,
  durationSeconds: 10,
  warmupSeconds: 2,
} as const;

export const httpTargets = [
  { name: 'system status', path: systemPaths.status },
  { name: 'bootstrap (permission)', path: `${systemPaths.permission}?host=localhost` },
] as const;

export type LoadFigures = {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
};
export type HttpResult = {
  name: string;
  path: string;
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

async function load(baseURL: string, path: string, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({
    url: baseURL,
    connections: httpSettings.connections,
    pipelining: httpSettings.pipelining,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path,
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': randomIp() },
        }),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function runHttpBench(log: (line: string) => void): Promise<HttpResult[]> {
  const dataDir = tempDir('bench-http-');
  let site: RunningServer | undefined;
  let bare: RunningServer | undefined;
  try {
    site = await startServer(
      siteScript,
      siteEnv(dataDir.path, { TRUST_PROXY: '127.0.0.1' }),
      systemPaths.status,
    );
    const bodies: Record<string, string> = {};
    for (const target of httpTargets) {
      const response = await fetch(site.baseURL + target.path);
      if (!response.ok) throw new Error(`${target.path} answered HTTP ${response.status}`);
      bodies[target.path] = await response.text();
    }
    bare = await startServer(bareScript, { BARE_BODIES: JSON.stringify(bodies) }, '/');

    const results: HttpResult[] = [];
    for (const target of httpTargets) {
      const figures: Partial<Record<'ours' | 'bare', LoadFigures>> = {};
      for (const [which, server] of [
        ['ours', site],
        ['bare', bare],
      ] as const) {
        log(`  ${target.name}: ${which} (${httpSettings.durationSeconds} s)`);
        await load(server.baseURL, target.path, httpSettings.warmupSeconds);
        figures[which] = await load(server.baseURL, target.path, httpSettings.durationSeconds);
      }
      if (!figures.ours || !figures.bare) throw new Error('missing figures');
      results.push({
        name: target.name,
        path: target.path,
        bytes: Buffer.byteLength(bodies[target.path] ?? ''),
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
