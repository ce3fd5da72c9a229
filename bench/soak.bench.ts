/**
 * Soak: the real server under a mixed load for ten minutes (SOAK_SECONDS to change it), its
 * resident memory sampled every few seconds, whole and by part (/proc/<pid>/smaps: the malloc
 * heap, PGlite's WebAssembly memory, V8 and other anonymous memory, files), to show whether it
 * grows: the median of the last minute against the median of the second, and, to tell a leak from
 * the warm-up (JIT code, V8 sizing its heap), the growth over the second half of the load per
 * request served in it: a leak grows with the requests, a warm-up does not. The load cycles through
 * the calls a page load makes (status, bootstrap, member info, wallet balance with 20 players'
 * tokens) and the home page. Baseline: a bare Fastify process answering the same bytes under the
 * same load, for a minute. Runs only when asked: `npm run bench -- --only soak`.
 */
import autocannon from 'autocannon';
import { systemPaths } from '../src/contract/system.ts';
import { httpTargets } from './http.bench.ts';
import { registerMembers } from './support/members.ts';
import {
  bareScript,
  median,
  memoryPartKeys,
  memoryParts,
  sameReply,
  type BareReply,
  onEachDatabase,
  residentMemory,
  siteEnv,
  siteScript,
  startServer,
  tempDir,
  type MemoryParts,
  type RunningServer,
} from './support/process.ts';

export const soakSettings = {
  seconds: Number(process.env.SOAK_SECONDS ?? 600),
  /** The bare server's run: long enough for its memory to settle. */
  bareSeconds: Math.min(60, Number(process.env.SOAK_SECONDS ?? 600)),
  sampleSeconds: 5,
  connections: 20,
  members: 20,
} as const;

export type SoakFigures = {
  requests: number;
  non2xx: number;
  errors: number;
  /**
   * Resident memory before the load; the median of the second window (windowSeconds: the first
   * warms caches and the JIT); the peak; the median of the last window.
   */
  idleBytes: number;
  settledBytes: number;
  peakBytes: number;
  endBytes: number;
  /** Peak since the process began (VmHWM), start-up included. */
  lifetimePeakBytes: number;
  /** The median of the window that begins halfway through the load. */
  midBytes: number;
  /** Requests sent from the middle window to the last (the second half's work). */
  secondHalfRequests: number;
  /** [seconds since the load began, resident MiB to 0.1, requests sent so far] every sampleSeconds. */
  samples: [number, number, number][];
  /** Where the resident memory is (memoryParts), medians of the same two windows. */
  settledParts: MemoryParts;
  endParts: MemoryParts;
};
export type SoakResult = {
  database: 'PGlite' | 'PostgreSQL';
  ours: SoakFigures;
  bare: SoakFigures;
};

/** The window a figure is the median of: the memory moves with the garbage not yet collected. */
export const windowSeconds = (seconds: number) => Math.min(60, seconds / 5);

async function soak(
  server: RunningServer,
  seconds: number,
  tokens: readonly string[],
): Promise<SoakFigures> {
  const idleBytes = residentMemory(server.pid).rssBytes;
  const began = performance.now();
  const samples: { at: number; rss: number; sent: number; parts: MemoryParts }[] = [];
  let sent = 0;
  const take = () => {
    try {
      const at = (performance.now() - began) / 1000;
      samples.push({
        at,
        rss: residentMemory(server.pid).rssBytes,
        sent,
        parts: memoryParts(server.pid),
      });
    } catch {
      // the process is gone
    }
  };
  take();
  const sampling = setInterval(take, soakSettings.sampleSeconds * 1000);
  let next = 0;
  let ip = 0;
  const setupRequest = (request: autocannon.Request) => {
    ip += 1;
    next += 1;
    sent += 1;
    return {
      ...request,
      headers: {
        ...(request.headers as Record<string, string>),
        'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
        authorization: `Bearer ${tokens[next % tokens.length] ?? ''}`,
      },
    };
  };
  const result = await autocannon({
    url: server.baseURL,
    connections: soakSettings.connections,
    duration: seconds,
    requests: [
      ...httpTargets.map((target) => ({ method: 'GET' as const, path: target.path, setupRequest })),
      { method: 'GET', path: '/', setupRequest },
    ],
  });
  clearInterval(sampling);
  take();
  // The settled figure: the window after the first (which warms caches and the JIT); the end
  // figure: the last window.
  const window = windowSeconds(seconds);
  const settledSamples = samples.filter(({ at }) => at >= window && at < 2 * window);
  const midSamples = samples.filter(({ at }) => at >= seconds / 2 && at < seconds / 2 + window);
  const endSamples = samples.filter(({ at }) => at >= seconds - window);
  const partsOf = (chosen: typeof samples) =>
    Object.fromEntries(
      memoryPartKeys.map((key) => [key, median(chosen.map(({ parts }) => parts[key]))]),
    ) as MemoryParts;
  return {
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    idleBytes,
    settledBytes: median(settledSamples.map(({ rss }) => rss)),
    peakBytes: Math.max(...samples.map(({ rss }) => rss)),
    midBytes: median(midSamples.map(({ rss }) => rss)),
    endBytes: median(endSamples.map(({ rss }) => rss)),
    secondHalfRequests:
      median(endSamples.map((sample) => sample.sent)) -
      median(midSamples.map((sample) => sample.sent)),
    lifetimePeakBytes: residentMemory(server.pid).peakBytes,
    samples: samples.map((sample) => [
      Math.round(sample.at),
      Math.round((sample.rss / 2 ** 20) * 10) / 10,
      sample.sent,
    ]),
    settledParts: partsOf(settledSamples),
    endParts: partsOf(endSamples),
  };
}

async function runOn(
  database: SoakResult['database'],
  databaseUrl: string | undefined,
  log: (line: string) => void,
): Promise<SoakResult> {
  const dataDir = tempDir('bench-soak-');
  let site: RunningServer | undefined;
  let bare: RunningServer | undefined;
  try {
    site = await startServer(
      siteScript,
      siteEnv(dataDir.path, {
        TRUST_PROXY: '127.0.0.1',
        HUMAN_VERIFICATION: 'off',
        DATABASE_URL: databaseUrl,
      }),
      systemPaths.status,
    );
    const { tokens } = await registerMembers(site.baseURL, soakSettings.members, 'bench1234');
    log(`  ${database}: mixed load for ${soakSettings.seconds} s`);
    const ours = await soak(site, soakSettings.seconds, tokens);
    const bodies: Record<string, BareReply> = {};
    for (const path of [...httpTargets.map((target) => target.path), '/']) {
      const response = await fetch(site.baseURL + path, {
        headers: { authorization: `Bearer ${tokens[0]}` },
      });
      bodies[path] = await sameReply(response);
    }
    await site.stop();
    site = undefined;
    bare = await startServer(bareScript, { BARE_BODIES: JSON.stringify(bodies) }, '/');
    log(`  bare Fastify: the same load for ${soakSettings.bareSeconds} s`);
    return { database, ours, bare: await soak(bare, soakSettings.bareSeconds, tokens) };
  } finally {
    await site?.stop();
    await bare?.stop();
    dataDir.remove();
  }
}

export async function runSoakBench(log: (line: string) => void): Promise<SoakResult[]> {
  return onEachDatabase('bench_soak', (database, url) => runOn(database, url, log), log);
}
