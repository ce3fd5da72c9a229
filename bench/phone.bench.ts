/**
 * The site on a cheap phone over mobile data (issue 35): `/`, `/rng`, `/lottery`, the built-in
 * slot's game page and the member center loaded in headless Chromium as a 390x844 phone, the
 * network and the CPU throttled through the DevTools protocol (150 ms latency, 1.6 Mbit/s down,
 * 750 kbit/s up, CPU 4x slower), each page cold (a new browser context: empty cache, no service
 * worker) and then warm (the same page again in the same context). Per load: first and largest
 * contentful paint, total blocking time, cumulative layout shift and the bytes on the wire by
 * kind of resource. Baseline: the same for the React 19 "hello" of bench/baseline-app built by the
 * same Vite, pre-compressed as `npm run build` does and served by bare Fastify + @fastify/static
 * in pre-compressed mode. Then a Lighthouse mobile run (simulated throttling, performance only)
 * of every page and of the bare page, in a Chromium started with a remote-debugging port.
 */
import { spawn } from 'node:child_process';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { launchPaths, type LaunchReply } from '../src/contract/seamless.ts';
import { systemPaths } from '../src/contract/system.ts';
import { nextIp, registerMembers } from './support/members.ts';
import { serveBareReact } from './support/bare-react.ts';
import {
  freePort,
  median,
  siteEnv,
  siteScript,
  startServer,
  tempDir,
  type RunningServer,
} from './support/process.ts';

const chromiumPath = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const chromiumFlags = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export const phoneSettings = {
  /** Loads per page and mode; the tables print the median. PHONE_RUNS=1 for a quick look. */
  runs: Number(process.env.PHONE_RUNS ?? 3),
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/156.0.0.0 Mobile Safari/537.36',
  /** Lighthouse's mobile profile as DevTools applies it: bytes per second, 1 kbit = 1024 bit. */
  network: {
    latencyMs: 150,
    downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
    uploadBytesPerSecond: (750 * 1024) / 8,
  },
  cpuSlowdown: 4,
  /**
   * The load has settled when no request has been in flight for this long (a socket not
   * counted) and no long task has run for as long either, with a first paint made...
   */
  quietMs: 1000,
  /** ...and then this much more passes, for late paints and shifts. */
  settleMs: 500,
  /** At most this long per load; a page still busy then is read as it is. */
  loadTimeoutMs: 30_000,
  goals: {
    lcpColdMs: 2500,
    cls: 0.1,
    /** KB of 1,000 bytes, as the issue counts them. */
    homeColdBytes: 350_000,
    homeWarmBytes: 30_000,
  },
  lighthouse: process.env.PHONE_LIGHTHOUSE !== 'off',
} as const;

/** Resource kinds of the bytes tables (CDP Network.ResourceType folded). */
export const kinds = [
  'document',
  'script',
  'stylesheet',
  'font',
  'image',
  'fetch/xhr',
  'websocket/other',
] as const;
export type Kind = (typeof kinds)[number];

function kindOf(type: string | undefined): Kind {
  switch (type) {
    case 'Document':
      return 'document';
    case 'Script':
      return 'script';
    case 'Stylesheet':
      return 'stylesheet';
    case 'Font':
      return 'font';
    case 'Image':
      return 'image';
    case 'Fetch':
    case 'XHR':
      return 'fetch/xhr';
    default:
      return 'websocket/other';
  }
}

export type LoadFigures = {
  fcpMs: number;
  lcpMs: number;
  /** The tag and class of the largest contentful paint's element. */
  lcpElement: string;
  tbtMs: number;
  /** Largest session window of layout shifts (gap < 1 s, window < 5 s), as web-vitals counts. */
  cls: number;
  /** The sum of every shift without recent input. */
  clsSum: number;
  /** The elements that moved in the three largest shifts, with each shift's value. */
  shiftElements: string[];
  bytes: Record<Kind, number>;
  totalBytes: number;
  /** Requests that went over the network, and those answered by a cache or a service worker. */
  requests: number;
  cached: number;
  /** The load did not settle within loadTimeoutMs. */
  timedOut: boolean;
  /** What was still in flight when it did not (the addresses, shortened). */
  pending: string[];
};

export type PhonePageResult = {
  name: string;
  path: string;
  cold: LoadFigures[];
  warm: LoadFigures[];
};

export type LighthouseFigures =
  | {
      score: number;
      fcpMs: number;
      lcpMs: number;
      tbtMs: number;
      cls: number;
      totalBytes: number;
    }
  | { error: string };

export type PhoneBenchResult = {
  pages: PhonePageResult[];
  bare: PhonePageResult;
  lighthouse: { name: string; figures: LighthouseFigures }[] | { skipped: string };
  serviceWorker: boolean;
};

/**
 * The browser's objects the in-page code below uses, typed here: the benches are type-checked
 * without the DOM library (tsconfig.server.json), so that no server file can reach `window`.
 */
type PageNode = { nodeName: string; tagName?: string; className?: unknown };
type PageEntry = {
  name: string;
  startTime: number;
  duration: number;
  value?: number;
  hadRecentInput?: boolean;
  sources?: { node?: PageNode | null }[];
  element?: PageNode | null;
};
type PageGlobals = {
  __phone?: PageState & { final: boolean };
  PerformanceObserver: new (take: (list: { getEntries(): PageEntry[] }) => void) => {
    observe(options: { type: string; buffered: boolean }): void;
  };
  navigator: { serviceWorker?: { getRegistrations(): Promise<unknown[]> } };
};

/** Installed before the page's scripts: the observers whose entries the load is read from. */
function installObservers(): void {
  const page = globalThis as unknown as PageGlobals;
  const describe = (node: PageNode | null | undefined) => {
    if (!node) return '';
    if (typeof node.tagName !== 'string') return node.nodeName.toLowerCase();
    const className = typeof node.className === 'string' ? node.className.split(' ')[0] : '';
    return `${node.tagName.toLowerCase()}${className ? `.${className}` : ''}`;
  };
  const state = {
    fcp: -1,
    lcp: -1,
    lcpElement: '',
    longTasks: [] as [number, number][],
    shifts: [] as [number, number][],
    /** Each shift's value and the element that moved most (its first source). */
    shiftNodes: [] as [number, string][],
    final: false,
  };
  page.__phone = state;
  const observe = (type: string, take: (entry: PageEntry) => void) => {
    try {
      new page.PerformanceObserver((list) => {
        if (!state.final) list.getEntries().forEach(take);
      }).observe({ type, buffered: true });
    } catch {
      // an entry type this browser does not have
    }
  };
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
  });
  observe('largest-contentful-paint', (entry) => {
    state.lcp = entry.startTime;
    state.lcpElement = describe(entry.element);
  });
  observe('longtask', (entry) => state.longTasks.push([entry.startTime, entry.duration]));
  observe('layout-shift', (entry) => {
    if (entry.hadRecentInput) return;
    const value = entry.value ?? 0;
    state.shifts.push([entry.startTime, value]);
    state.shiftNodes.push([value, describe(entry.sources?.[0]?.node)]);
  });
}

type PageState = {
  fcp: number;
  lcp: number;
  lcpElement: string;
  longTasks: [number, number][];
  shifts: [number, number][];
  shiftNodes: [number, string][];
};

/** Session windows as web-vitals: a shift within 1 s of the last and 5 s of the first joins. */
function sessionWindowMax(shifts: readonly [number, number][]): number {
  let best = 0;
  let current = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const [time, value] of [...shifts].sort((a, b) => a[0] - b[0])) {
    if (time - last < 1000 && time - first < 5000) current += value;
    else {
      current = value;
      first = time;
    }
    last = time;
    best = Math.max(best, current);
  }
  return best;
}

/** Blocking time after first contentful paint: each long task's part after FCP past 50 ms. */
function totalBlockingTime(fcp: number, tasks: readonly [number, number][]): number {
  let total = 0;
  for (const [start, duration] of tasks) {
    const end = start + duration;
    if (end <= fcp) continue;
    total += Math.max(0, end - Math.max(start, fcp) - 50);
  }
  return total;
}

/**
 * The page's network as the DevTools protocol reports it: bytes on the wire per request
 * (encodedDataLength: headers and body as received), kinds from the response's type; a response
 * of a cache or a service worker counts 0 bytes. Websocket frames count their payload.
 */
class NetworkTally {
  private inFlight = new Set<string>();
  private lastChange = performance.now();
  private typeOf = new Map<string, string>();
  private urlOf = new Map<string, string>();
  private fromCache = new Set<string>();
  bytes = Object.fromEntries(kinds.map((k) => [k, 0])) as Record<Kind, number>;
  requests = 0;
  cached = 0;

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (event) => {
      if (!this.inFlight.has(event.requestId)) this.touch(() => this.inFlight.add(event.requestId));
      if (event.type) this.typeOf.set(event.requestId, event.type);
      this.urlOf.set(event.requestId, event.request.url);
    });
    cdp.on('Network.requestServedFromCache', (event) => this.fromCache.add(event.requestId));
    cdp.on('Network.responseReceived', (event) => {
      this.typeOf.set(event.requestId, event.type);
      const { response } = event;
      if (response.fromServiceWorker || response.fromDiskCache || response.fromPrefetchCache)
        this.fromCache.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      const id = event.requestId;
      if (this.fromCache.has(id)) this.cached += 1;
      else {
        this.requests += 1;
        this.bytes[kindOf(this.typeOf.get(id))] += event.encodedDataLength;
      }
      this.touch(() => this.inFlight.delete(id));
    });
    cdp.on('Network.loadingFailed', (event) =>
      this.touch(() => this.inFlight.delete(event.requestId)),
    );
    cdp.on('Network.webSocketFrameReceived', (event) => {
      this.bytes['websocket/other'] += Buffer.byteLength(event.response.payloadData);
    });
    cdp.on('Network.webSocketCreated', () => {
      this.requests += 1;
    });
  }

  private touch(change: () => void) {
    change();
    this.lastChange = performance.now();
  }

  reset() {
    this.inFlight.clear();
    this.typeOf.clear();
    this.urlOf.clear();
    this.fromCache.clear();
    this.bytes = Object.fromEntries(kinds.map((k) => [k, 0])) as Record<Kind, number>;
    this.requests = 0;
    this.cached = 0;
    this.lastChange = performance.now();
  }

  /** Until no request is in flight for `quietMs`; false when `deadline` came first. */
  async quiet(quietMs: number, deadline: number): Promise<boolean> {
    for (;;) {
      const now = performance.now();
      if (this.inFlight.size === 0 && now - this.lastChange >= quietMs) return true;
      if (now > deadline) return false;
      await new Promise((resolveWait) => setTimeout(resolveWait, 50));
    }
  }

  /** The requests in flight, their addresses cut to 80 characters. */
  pending(): string[] {
    return [...this.inFlight].map((id) => (this.urlOf.get(id) ?? id).slice(0, 80));
  }
}

type PhonePage = {
  page: Page;
  tally: NetworkTally;
  close: () => Promise<void>;
};

/** A new context (empty cache and storage) with one throttled phone page. */
async function openPhone(
  browser: Browser,
  baseURL: string,
  token: string | null,
): Promise<PhonePage> {
  const s = phoneSettings;
  const context = await browser.newContext({
    baseURL,
    viewport: s.viewport,
    deviceScaleFactor: s.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: s.userAgent,
    // Each phone its own address (the server trusts the loopback proxy), as each player has.
    extraHTTPHeaders: { 'x-forwarded-for': nextIp() },
    // The app's service worker fetches in a target of its own, which the page's network
    // emulation neither throttles nor counts: a load through it would read faster and lighter
    // than a phone receives. Workers are blocked, so warm loads measure HTTP caching (the
    // worker's offline lobby is held by tests/e2e/offline.spec.ts).
    serviceWorkers: 'block',
  });
  await context.addInitScript(installObservers);
  // The session as a login leaves it: the app keeps its token in sessionStorage.
  if (token) await context.addInitScript((value) => sessionStorage.setItem('token', value), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const tally = new NetworkTally(cdp);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: s.network.latencyMs,
    downloadThroughput: s.network.downloadBytesPerSecond,
    uploadThroughput: s.network.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: s.cpuSlowdown });
  return { page, tally, close: () => context.close() };
}

/** One navigation to `url`, read once the network has been quiet and the page settled. */
async function measureLoad(phone: PhonePage, url: string): Promise<LoadFigures> {
  const s = phoneSettings;
  const { page, tally } = phone;
  tally.reset();
  const deadline = performance.now() + s.loadTimeoutMs;
  let timedOut = false;
  try {
    await page.goto(url, { waitUntil: 'load', timeout: s.loadTimeoutMs });
  } catch {
    timedOut = true;
  }
  // Settled: the network quiet, a first paint made and the main thread free of long tasks for
  // quietMs (a throttled phone parses a large script with no request in flight).
  while (!timedOut) {
    if (!(await tally.quiet(s.quietMs, deadline))) {
      timedOut = true;
      break;
    }
    const idle = await page.evaluate(() => {
      const phone = (globalThis as unknown as PageGlobals).__phone;
      if (!phone || phone.fcp < 0) return -1;
      const lastTask = Math.max(0, ...phone.longTasks.map(([start, length]) => start + length));
      return performance.now() - lastTask;
    });
    if (idle >= s.quietMs) break;
    if (performance.now() > deadline) timedOut = true;
    else await page.waitForTimeout(200);
  }
  const pending = timedOut ? tally.pending() : [];
  await page.waitForTimeout(s.settleMs);
  // The largest contentful paint is final once read: no input ends it here, the reading does.
  const state = await page.evaluate(() => {
    const phone = (globalThis as unknown as PageGlobals).__phone;
    if (!phone) throw new Error('the page has no observers');
    phone.final = true;
    return phone;
  });
  const totalBytes = kinds.reduce((sum, k) => sum + tally.bytes[k], 0);
  return {
    fcpMs: state.fcp,
    lcpMs: state.lcp,
    lcpElement: state.lcpElement,
    tbtMs: state.fcp < 0 ? Number.NaN : totalBlockingTime(state.fcp, state.longTasks),
    cls: sessionWindowMax(state.shifts),
    clsSum: state.shifts.reduce((sum, [, value]) => sum + value, 0),
    shiftElements: [...state.shiftNodes]
      .sort((a, b) => b[0] - a[0])
      .slice(0, 3)
      .map(([value, node]) => `${node || '?'} ${value.toFixed(3)}`),
    bytes: { ...tally.bytes },
    totalBytes,
    requests: tally.requests,
    cached: tally.cached,
    timedOut,
    pending,
  };
}

type Target = {
  name: string;
  path: string;
  baseURL: string;
  /** The address to open: a fresh one per load for a game (each launch its own token). */
  url: () => Promise<string>;
  token: string | null;
};

async function measureTarget(
  browser: Browser,
  target: Target,
  log: (line: string) => void,
): Promise<PhonePageResult> {
  const result: PhonePageResult = { name: target.name, path: target.path, cold: [], warm: [] };
  for (let run = 0; run < phoneSettings.runs; run += 1) {
    const phone = await openPhone(browser, target.baseURL, target.token);
    try {
      // A game's launch address holds for one opening: a second visit is a second launch.
      const cold = await measureLoad(phone, await target.url());
      const warm = await measureLoad(phone, await target.url());
      result.cold.push(cold);
      result.warm.push(warm);
      log(
        `  ${target.name} run ${run + 1}: cold LCP ${Math.round(cold.lcpMs)} ms, ` +
          `${Math.round(cold.totalBytes / 1000)} KB${cold.timedOut ? ' (did not settle)' : ''}; ` +
          `warm LCP ${Math.round(warm.lcpMs)} ms, ${Math.round(warm.totalBytes / 1000)} KB` +
          `${warm.timedOut ? ' (did not settle)' : ''}`,
      );
      for (const url of [...cold.pending, ...warm.pending]) log(`    still in flight: ${url}`);
      for (const [mode, load] of [
        ['cold', cold],
        ['warm', warm],
      ] as const) {
        if (load.cls > phoneSettings.goals.cls)
          log(`    ${mode} layout shift ${load.cls.toFixed(3)}: ${load.shiftElements.join(', ')}`);
      }
    } finally {
      await phone.close();
    }
  }
  return result;
}

/** The median load of several: each figure its own median. */
export function medianLoad(loads: readonly LoadFigures[]): LoadFigures {
  const of = (pick: (load: LoadFigures) => number) => median(loads.map(pick));
  return {
    fcpMs: of((l) => l.fcpMs),
    lcpMs: of((l) => l.lcpMs),
    lcpElement: loads[0]?.lcpElement ?? '',
    tbtMs: of((l) => l.tbtMs),
    cls: of((l) => l.cls),
    clsSum: of((l) => l.clsSum),
    shiftElements: loads[0]?.shiftElements ?? [],
    bytes: Object.fromEntries(kinds.map((k) => [k, of((l) => l.bytes[k])])) as Record<Kind, number>,
    totalBytes: of((l) => l.totalBytes),
    requests: of((l) => l.requests),
    cached: of((l) => l.cached),
    timedOut: loads.some((l) => l.timedOut),
    pending: loads.flatMap((l) => l.pending),
  };
}

/** A built-in game's launch address for the member with `token` (the lobby's launch call). */
async function launchUrl(baseURL: string, token: string, gameCode: string): Promise<string> {
  const reply = await fetch(
    `${baseURL}${launchPaths.launchGame}?gameCode=${gameCode}&vassalage=BUILTIN&language=hi&platform=html5`,
    { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': nextIp() } },
  );
  const body = (await reply.json()) as { success: boolean; value?: LaunchReply; code?: string };
  if (!body.success || !body.value) throw new Error(`game launch failed: ${JSON.stringify(body)}`);
  return new URL(body.value.url, baseURL).toString();
}

/** Chromium with a remote-debugging port, for Lighthouse; answers its port and a stop. */
async function startDebuggableChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = tempDir('bench-phone-chromium-');
  const child = spawn(
    chromiumPath,
    [
      '--headless',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile.path}`,
      ...chromiumFlags,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async () => {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    profile.remove();
  };
  const deadline = performance.now() + 30_000;
  for (;;) {
    try {
      const reply = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (reply.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`${chromiumPath} did not open its debugging port ${port}`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return { port, stop };
}

/** One Lighthouse mobile run (its default config: simulated throttling), performance only. */
async function runLighthouse(port: number, url: string, token: string | null) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    if (token)
      await page.evaluateOnNewDocument((value) => sessionStorage.setItem('token', value), token);
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      undefined,
      page,
    );
    await page.close();
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      totalBytes: value('total-byte-weight'),
    };
  } finally {
    await browser.disconnect();
  }
}

export async function runPhoneBench(log: (line: string) => void): Promise<PhoneBenchResult> {
  const dataDir = tempDir('bench-phone-');
  let site: RunningServer | undefined;
  let bare: (RunningServer & { dir: string }) | undefined;
  let browser: Browser | undefined;
  try {
    site = await startServer(
      siteScript,
      // The member is made through the registration API; the proof of work is not measured here.
      siteEnv(dataDir.path, { TRUST_PROXY: '127.0.0.1', HUMAN_VERIFICATION: 'off' }),
      systemPaths.status,
    );
    bare = await serveBareReact();
    const base = site.baseURL;
    const {
      tokens: [token = ''],
    } = await registerMembers(base, 1, 'bench1234');
    const fixed = (path: string) => async () => `${base}${path}`;
    const targets: Target[] = [
      { name: 'home', path: '/', baseURL: base, url: fixed('/'), token: null },
      { name: 'RNG lobby', path: '/rng', baseURL: base, url: fixed('/rng'), token: null },
      { name: 'lottery', path: '/lottery', baseURL: base, url: fixed('/lottery'), token: null },
      {
        name: 'slot game',
        path: '/game/builtin/slot',
        baseURL: base,
        url: () => launchUrl(base, token, 'slot'),
        token,
      },
      {
        name: 'member center',
        path: '/?mc=securityCenter',
        baseURL: base,
        url: fixed('/?mc=securityCenter'),
        token,
      },
    ];
    const bareTarget: Target = {
      name: 'bare React',
      path: '/',
      baseURL: bare.baseURL,
      url: async () => `${bare?.baseURL ?? ''}/`,
      token: null,
    };

    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
    const pages: PhonePageResult[] = [];
    const bareResult = await measureTarget(browser, bareTarget, log);
    for (const target of targets) pages.push(await measureTarget(browser, target, log));
    // The phone contexts block service workers (openPhone): none takes part in a load.
    const serviceWorker = false;
    await browser.close();
    browser = undefined;

    let lighthouseResult: PhoneBenchResult['lighthouse'];
    if (!phoneSettings.lighthouse) lighthouseResult = { skipped: 'PHONE_LIGHTHOUSE=off' };
    else {
      log('  Lighthouse (mobile, simulated throttling, performance)');
      let chrome: Awaited<ReturnType<typeof startDebuggableChromium>> | undefined;
      try {
        chrome = await startDebuggableChromium();
        const rows: { name: string; figures: LighthouseFigures }[] = [];
        for (const target of [bareTarget, ...targets]) {
          let figures: LighthouseFigures;
          try {
            // A run that fails to record its trace (NO_NAVSTART, now and then on a busy
            // machine) asks to be run again: once.
            figures = await runLighthouse(chrome.port, await target.url(), target.token).catch(
              async (error: unknown) => {
                log(`  ${target.name}: Lighthouse failed (${String(error)}), once more`);
                return runLighthouse(chrome?.port ?? 0, await target.url(), target.token);
              },
            );
            log(`  ${target.name}: score ${figures.score}, LCP ${Math.round(figures.lcpMs)} ms`);
          } catch (error) {
            figures = { error: error instanceof Error ? error.message : String(error) };
            log(`  ${target.name}: Lighthouse failed: ${figures.error}`);
          }
          rows.push({ name: target.name, figures });
        }
        lighthouseResult = rows;
      } catch (error) {
        lighthouseResult = {
          skipped: `Lighthouse could not run: ${error instanceof Error ? error.message : String(error)}`,
        };
        log(`  ${lighthouseResult.skipped}`);
      } finally {
        await chrome?.stop();
      }
    }
    return { pages, bare: bareResult, lighthouse: lighthouseResult, serviceWorker };
  } finally {
    await browser?.close();
    await bare?.stop();
    await site?.stop();
    dataDir.remove();
  }
}
