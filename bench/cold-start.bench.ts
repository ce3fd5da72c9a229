/**
 * Server cold start on PGlite: time from spawning the server as `npm start` does to the first answer
 * of /wps/system/status, on a fresh DATA_DIR (migrations and seed) and again on the same
 * DATA_DIR (warm). Baseline: a bare Fastify process to its first answer.
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
        const server = await startServer(siteScript, siteEnv(fresh.path), systemPaths.status);
        firstStartMs.push(server.startMs);
        await server.stop();
      } finally {
        fresh.remove();
      }
      log(`  first start ${run}/${coldStartRuns}: ${firstStartMs.at(-1)?.toFixed(0)} ms`);
    }
    // Seed the warm directory once, then measure starts on it.
    await (await startServer(siteScript, siteEnv(warmDir.path), systemPaths.status)).stop();
    for (let run = 1; run <= coldStartRuns; run++) {
      const server = await startServer(siteScript, siteEnv(warmDir.path), systemPaths.status);
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
