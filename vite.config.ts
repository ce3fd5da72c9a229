import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { languageNamesFont } from './scripts/language-names-font.ts';
import { preloadDefaultTexts } from './scripts/preload-texts.ts';
import { hindiFaces } from './scripts/hindi-faces.ts';

const apiTarget = 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    // The language menus' native names in a font of their own glyphs (scripts/language-names-font.ts).
    languageNamesFont(),
    // The Devanagari faces cut to Hindi's letters (scripts/hindi-faces.ts).
    hindiFaces(),
    // The default language's texts arrive with the first page's script (scripts/preload-texts.ts).
    preloadDefaultTexts(),
    // The service worker (docs/2026-12-03-phone-speed.md): nothing precached (a first visit on
    // mobile data fetches only its page); the app's hashed files are kept once fetched, and the
    // page and the public start-up and lobby calls answer from the last copy when the network
    // is gone, so the lobby opens offline with its last list. A member's calls (they carry the
    // Authorization header) are never kept.
    VitePWA({
      injectRegister: false,
      manifest: false,
      filename: 'sw.js',
      workbox: {
        globPatterns: [],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            urlPattern: ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'pages',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 20 },
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'assets',
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'media', expiration: { maxEntries: 200 } },
          },
          {
            urlPattern: ({ url, request, sameOrigin }) =>
              sameOrigin &&
              request.method === 'GET' &&
              !request.headers.has('authorization') &&
              (url.pathname.startsWith('/wps/system/') ||
                url.pathname.startsWith('/wps/relay/GCSGAME_') ||
                url.pathname.startsWith('/wps/relay/MCSFE_getListAnnouncements')),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'lobby',
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 100, maxAgeSeconds: 7 * 24 * 3600 },
            },
          },
        ],
      },
    }),
  ],
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
      '/lotto': apiTarget,
      '/ops': apiTarget,
      '/docs': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one on CI's two. Files are
    // independent (each its own database), and most of a server file's time is waiting on
    // PGlite or PostgreSQL, so two workers use both cores.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Guards only (tests never assert on time): in CI the PostgreSQL server pass runs
          // beside these, and a lint run or a model's graph took over the default 5 s there.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'machines',
          include: ['tests/machines/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Files share their worker's module cache: each file still starts its own site on its
          // own database (tests/support/server.ts), but the server's modules are imported and
          // compiled once per worker instead of once per file (about 45% less time on a loaded
          // 2-core machine, measured on 12 small files: 96 s isolated, 53 s shared).
          isolate: false,
          // Guards only (tests never assert on time): a loaded 2-core CI machine runs PGlite slowly.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
