/**
 * The baseline app of the bundle and phone benches: the React 19 "hello" of bench/baseline-app
 * built with the same Vite as the site, and (for the phone bench and the bytes the bundle bench
 * reports as sent) pre-compressed as `npm run build` does and served by bare Fastify with
 * @fastify/static's pre-compressed mode (bare-static-server.ts).
 */
import { join } from 'node:path';
import { precompressDir } from '../../scripts/lib/precompress.ts';
import { root, startServer, tempDir, type RunningServer } from './process.ts';

export const bareStaticScript = join(root, 'bench', 'support', 'bare-static-server.ts');

/** Builds bench/baseline-app into `outDir` (with its Vite manifest). */
export async function buildBareReact(outDir: string): Promise<void> {
  // Imported here, so the size-budget spec that reads the bundle bench does not load Vite.
  const [{ build }, { default: react }] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
  ]);
  await build({
    configFile: false,
    root: join(root, 'bench', 'baseline-app'),
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, manifest: true },
  });
}

/** Serves a built app from `dir` with bare Fastify + @fastify/static (pre-compressed mode). */
export async function startBareStatic(dir: string): Promise<RunningServer> {
  return startServer(bareStaticScript, { BARE_STATIC_DIR: dir }, '/');
}

/**
 * The bare React page built, pre-compressed and served; `stop` ends the server and removes the
 * build.
 */
export async function serveBareReact(): Promise<RunningServer & { dir: string }> {
  const out = tempDir('bench-bare-react-');
  try {
    await buildBareReact(out.path);
    precompressDir(out.path);
    const server = await startBareStatic(out.path);
    return {
      ...server,
      dir: out.path,
      stop: async () => {
        await server.stop();
        out.remove();
      },
    };
  } catch (error) {
    out.remove();
    throw error;
  }
}
