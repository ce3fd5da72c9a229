/**
 * The end-to-end test fixtures: import `test` and `expect` from here, not from
 * `@playwright/test`.
 *
 * - `server` (worker): a real server of the worker's own (own port, own DATA_DIR), started once
 *   per worker and stopped after it. `baseURL` points at it, so `page.goto('/')` reaches it.
 * - `serverEnv` (worker option): extra environment for the worker's server, e.g.
 *   `test.use({ serverEnv: { LOYALTY_COUNT_SECONDS: '5' } })` (a spec that sets it gets a
 *   worker and server of its own).
 * - `siteSettings` (option): the site settings a spec needs, e.g.
 *   `test.use({ siteSettings: { captcha: false, modules: { REGMOBVERF3: false } } })`. They are
 *   applied through the operator API before each test and the previous values put back after
 *   it, so nothing leaks to the next spec on that worker, and no other worker sees them.
 * - `ops`, `wallet`, `deposits`, `withdrawals`: the operator and domain drivers on the worker's server.
 * - `axe` (option, on): axe checks every view the test's pages show and the view each ends on
 *   (support/axe.ts); a violation of any impact fails the test.
 * - `callGuard` (automatic) with `callBounds` (option): every context of the test is watched and
 *   a call to the site's API sent in a burst (the same method and path more often than the
 *   bound within a few seconds, support/call-guard.ts) fails the test after it ends.
 */
import { test as base, expect } from '@playwright/test';
import { moduleIds } from '../../../src/contract/system.ts';
import { describeFindings, watchAccessibility } from './axe.ts';
import {
  defaultCallBounds,
  describeBursts,
  startCallGuard,
  type CallBounds,
  type CallGuard,
} from './call-guard.ts';
import { depositDriver, type DepositDriver } from './deposit.ts';
import { opsDriver, type OpsDriver } from './ops.ts';
import { startServer, type RunningServer } from './server.ts';
import { walletDriver, type WalletDriver } from './wallet.ts';
import { withdrawalDriver, type WithdrawalDriver } from './withdrawal.ts';

export { expect };

/** Site settings a spec may ask for; what is left out keeps the seeded value. */
export type SiteSettings = {
  /** Whether forms ask for the image captcha. */
  captcha?: boolean;
  /** White-label module flags by id (src/contract/system.ts moduleIds). */
  modules?: Readonly<Record<string, boolean>>;
};

let workerServer: RunningServer | undefined;

/**
 * The base URL of this worker's server, for helpers outside a fixture (a Playwright worker is
 * one process with one server). Throws outside a test.
 */
export function workerBaseURL(): string {
  if (!workerServer) throw new Error('no e2e server: call workerBaseURL() inside a test');
  return workerServer.baseURL;
}

/** Applies `wanted` and answers a function that puts the previous values back. */
async function applySettings(ops: OpsDriver, wanted: SiteSettings): Promise<() => Promise<void>> {
  const restores: Array<() => Promise<void>> = [];
  if (wanted.captcha !== undefined) {
    const { settings } = await ops.system();
    if (settings.captchaEnabled !== wanted.captcha) {
      await ops.setCaptcha(wanted.captcha);
      restores.push(() => ops.setCaptcha(settings.captchaEnabled));
    }
  }
  const modules = Object.entries(wanted.modules ?? {});
  if (modules.length) {
    const current = await ops.moduleFlags();
    for (const [modId, enabled] of modules) {
      const before = current.get(modId);
      if (before === undefined) throw new Error(`siteSettings: unknown module '${modId}'`);
      if (before === enabled) continue;
      await ops.setModule(modId, enabled);
      restores.push(() => ops.setModule(modId, before));
    }
  }
  return async () => {
    for (const restore of restores.reverse()) await restore();
  };
}

export const test = base.extend<
  {
    siteSettings: SiteSettings;
    applySiteSettings: void;
    axe: boolean;
    callBounds: CallBounds;
    callGuard: CallGuard;
    ops: OpsDriver;
    wallet: WalletDriver;
    deposits: DepositDriver;
    withdrawals: WithdrawalDriver;
  },
  { server: RunningServer; serverEnv: Record<string, string> }
>({
  serverEnv: [{}, { option: true, scope: 'worker' }],
  server: [
    async ({ serverEnv }, provide) => {
      const server = await startServer(undefined, serverEnv);
      workerServer = server;
      try {
        await provide(server);
      } finally {
        workerServer = undefined;
        await server.stop();
      }
    },
    // Migrations and the demo seed on a cold PGlite take a while on a loaded machine.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, provide) => {
    await provide(server.baseURL);
  },
  siteSettings: [{}, { option: true }],
  axe: [true, { option: true }],
  callBounds: [defaultCallBounds, { option: true }],
  callGuard: [
    async ({ browser, callBounds }, provide, testInfo) => {
      const guard = startCallGuard(browser, callBounds);
      await provide(guard);
      const { bursts, peaks } = guard.finish();
      // E2E_CALL_PEAKS=1 prints each test's busiest calls (to weigh the bounds against).
      if (process.env.E2E_CALL_PEAKS) {
        const top = [...peaks].sort((a, b) => b[1] - a[1]).slice(0, 5);
        console.log(
          `call peaks (${testInfo.title}): ${top.map(([k, n]) => `${n}x ${k}`).join(', ')}`,
        );
      }
      expect(
        bursts,
        `API calls in a burst (a page calling in a loop?):\n${describeBursts(bursts, callBounds)}`,
      ).toEqual([]);
    },
    { auto: true },
  ],
  context: [
    // The guard is set up before the context and checks after it closed: it sees every call.
    async ({ context, axe, callGuard }, provide) => {
      callGuard.watch(context);
      if (!axe) {
        await provide(context);
        return;
      }
      const watch = await watchAccessibility(context);
      await provide(context);
      const findings = await watch.finish();
      expect(findings, `axe violations:\n${describeFindings(findings)}`).toEqual([]);
    },
    // The last views' checks run after the test, on a time of their own.
    { scope: 'test', timeout: 60_000 },
  ],
  applySiteSettings: [
    async ({ server, siteSettings }, provide) => {
      const restore = await applySettings(opsDriver({ baseURL: server.baseURL }), siteSettings);
      try {
        await provide();
      } finally {
        await restore();
      }
    },
    { auto: true },
  ],
  ops: async ({ server }, provide) => {
    await provide(opsDriver({ baseURL: server.baseURL }));
  },
  wallet: async ({ server }, provide) => {
    await provide(walletDriver(server.baseURL));
  },
  deposits: async ({ server }, provide) => {
    await provide(depositDriver(server.baseURL));
  },
  withdrawals: async ({ server }, provide) => {
    await provide(withdrawalDriver(server.baseURL));
  },
});

/** What most specs need: players registered through the API, without captcha or SMS step. */
export const apiRegistration: SiteSettings = {
  captcha: false,
  modules: { [moduleIds.registerSmsVerification]: false },
};
