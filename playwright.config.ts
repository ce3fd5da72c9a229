import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The run's folder of axe claims (tests/e2e/support/axe.ts: each view is checked once per run,
// by whichever worker shows it first). Made by the runner, which reads this file first; its
// workers inherit the variable.
if (!process.env.AXE_RUN_DIR) {
  const dir = mkdtempSync(join(tmpdir(), 'axe-views-'));
  process.env.AXE_RUN_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}

// The real server on the built app (`npm run test:e2e` builds dist/ first), in Debian's Chromium.
// Every worker starts a server of its own (tests/e2e/support/fixtures.ts: own port, own
// DATA_DIR) and each test asks for the site settings it needs and registers its own players, so
// tests run in parallel one by one, not file by file: a file of twelve model paths or two link
// walks no longer runs on one worker while the others are done. Three workers by default on
// CI's 2 cores: most of a test's time is waiting on its page, so a third worker fills the idle
// cores; E2E_WORKERS overrides.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  // Guards, not measures (tests never assert on time): on CI's 2 loaded cores a lazy page
  // behind a login took over 10 s to show and a short flow over 30 s.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  use: {
    // The site honours prefers-reduced-motion (no marquee, no carousel autoplay). Without it an
    // idle home page keeps software compositing busy at about a quarter of a core in headless
    // Chromium, which two workers on two cores pay for in every test. Specs about motion itself
    // (the built-in games' animations) ask for 'no-preference'.
    reducedMotion: 'reduce',
    // The site's service worker answers from its caches when the network fails; a spec's own
    // routes and the call-count guard see the page's requests only without it. The offline
    // spec (tests/e2e/offline.spec.ts) allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // A trace records a screencast and DOM snapshots of every test, kept or not: a fifth of the
    // suite's CPU (two specs, 2 workers: Chromium 55 CPU-s with it, 38.5 without). CI shows only
    // its log, where a trace cannot be read, so it is on only when asked for (E2E_TRACE=1).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-quic',
            '--no-first-run',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
