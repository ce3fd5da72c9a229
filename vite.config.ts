import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      treeshake: { manualPureFunctions: ['z'] },
      // The built-in games' pages are their own entry (never in the home route's bundle).
      input: { main: 'index.html', builtin: 'builtin.html' },
    },
  },
  server: {
    proxy: {
      '/wps': apiTarget,
      '/lgw': apiTarget,
      '/ops': apiTarget,
      '/docs': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Guards only (tests never assert on time): a loaded 2-core CI machine runs PGlite slowly.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
