/**
 * Server cold start on PGlite: time from spawning the server as `npm start` does to the first answer
 * of /wps/system/status, on a fresh DATA_DIR (migrations and seed) and again on the same
 * DATA_DIR (warm). Baseline: a bare Fastify process to its first answer. Always on PGlite: the
 * server is started without the bench's DATABASE_URL (with it, an `npm run bench` on PostgreSQL
 * measured starts on its already seeded database before 2026-11-27, 0.75-1.1 s "first" starts).
 */
import { systemPaths } from '../src/contract/system.ts';
import {
  bareScript,
  median,
  siteEnv,
  siteScript,
  startServer,
  tempDir,
} from './support/process.ts';

export const coldStartRuns = 3;

/** The server's environment removes DATABASE_URL: the starts measured are PGlite's. */
const onPGlite = { DATABASE_URL: undefined };

export type ColdStartResult = {
  runs: number;
  firstStartMs: number[];
  warmStartMs: number[];
  bareStartMs: number[];
  medians: { firstStart: number; warmStart: number; bare: number };
};

export async function runColdStartBench(log: (line: string) => void): Promise<ColdStartResult> {
  const firstStartMs: number[] = [];
  const warmStartMs: number[] = [];
  const bareStartMs: number[] = [];
  const warmDir = tempDir('bench-warm-');
  try {
    for (let run = 1; run <= coldStartRuns; run++) {
      const fresh = tempDir('bench-cold-');
      try {
        const server = await startServer(
          siteScript,
          siteEnv(fresh.path, onPGlite),
          systemPaths.status,
        );
        firstStartMs.push(server.startMs);
        await server.stop();
      } finally {
        fresh.remove();
      }
      log(`  first start ${run}/${coldStartRuns}: ${firstStartMs.at(-1)?.toFixed(0)} ms`);
    }
    // Seed the warm directory once, then measure starts on it.
    await (
      await startServer(siteScript, siteEnv(warmDir.path, onPGlite), systemPaths.status)
    ).stop();
    for (let run = 1; run <= coldStartRuns; run++) {
      const server = await startServer(
        siteScript,
        siteEnv(warmDir.path, onPGlite),
        systemPaths.status,
      );
      warmStartMs.push(server.startMs);
      await server.stop();
      log(`  warm start ${run}/${coldStartRuns}: ${warmStartMs.at(-1)?.toFixed(0)} ms`);
    }
    for (let run = 1; run <= coldStartRuns; run++) {
      const server = await startServer(bareScript, {}, '/');
      bareStartMs.push(server.startMs);
      await server.stop();
    }
  } finally {
    warmDir.remove();
  }
  return {
    runs: coldStartRuns,
    firstStartMs,
    warmStartMs,
    bareStartMs,
    medians: {
      firstStart: median(firstStartMs),
      warmStart: median(warmStartMs),
      bare: median(bareStartMs),
    },
  };
}
