import { rmSync } from 'node:fs';

/** Removes the temporary DATA_DIR of the e2e server once the run is over. */
export default function globalTeardown(): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
