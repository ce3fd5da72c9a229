/**
 * axe on everything the end-to-end suite opens (issue 11): every page of a test's browser
 * context is watched, and each view it shows (a route, a member-center page, an open dialog) is
 * checked once per run (whichever worker shows it first), in the theme, width and language it
 * was first shown in, when it has settled; the page a test ends on is checked too. A violation of any impact fails the test
 * that showed the view. Wired as the `context` fixture in fixtures.ts; `test.use({ axe: false })`
 * turns it off for a spec, with the reason beside it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import axe, { type Result } from 'axe-core';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * The exceptions, each with its reason. Nothing else is left out.
 * - `.swiper`: the carousels slide on their own, so axe reads slides half-faded or half out of
 *   view and reports contrast that no reader meets; accessibility.spec.ts checks the carousels'
 *   names and controls on their own.
 */
const excluded = ['.swiper'];

/**
 * What makes two views the same for axe: the route, the member-center page, the dialogs, the
 * theme, the width and the role. Not the language: the site's markup, names and colours are the
 * same in Hindi, English and Bengali (the texts come from one set of keys), so a view is checked
 * in the first language it is shown in (the specs check the document's `lang` themselves). Most
 * flows run in two languages: keyed by language, most views were analysed twice.
 */
const viewKeyScript = `(() => {
  const params = new URLSearchParams(location.search);
  const dialogs = [...document.querySelectorAll('dialog[open], [role="alertdialog"]')]
    .map((d) => d.getAttribute('data-testid') || d.className || d.tagName)
    .sort()
    .join('+');
  const root = document.documentElement;
  return [
    location.pathname,
    params.get('mc') ?? '',
    dialogs,
    root.dataset.theme ?? '',
    innerWidth < 768 ? 'phone' : 'desktop',
    sessionStorage.getItem('token') ? 'member' : 'visitor',
    // A view still loading (start-up, a lazy page) is another view than the one it becomes;
    // so is the document before the app's first render (an empty #root while the language loads).
    document.querySelector('[aria-busy="true"]') || document.querySelector('#root:empty')
      ? 'busy'
      : '',
  ].join('|');
})()`;

/**
 * In the page: when the route changes or a dialog opens or closes, wait until the DOM has been
 * quiet for a moment and no finite animation runs (at most 2 s), then report the view's key.
 */
const watchScript = `(() => {
  if (window.top !== window || window.__axeWatching) return;
  window.__axeWatching = true;
  let last = '';
  let timer = 0;
  let first = 0;
  const busy = () =>
    document.getAnimations().some((a) => {
      const timing = a.effect && a.effect.getComputedTiming();
      return a.playState === 'running' && timing && timing.iterations !== Infinity;
    });
  const check = () => {
    if (busy() && Date.now() - first < 2000) {
      timer = setTimeout(check, 200);
      return;
    }
    timer = 0;
    first = 0;
    const key = ${viewKeyScript};
    if (key === last) return;
    last = key;
    window.__axeView(key).catch(() => {});
  };
  const schedule = () => {
    if (!first) first = Date.now();
    // A page that keeps changing is read 2 s after its first change.
    if (timer && Date.now() - first > 2000) return;
    clearTimeout(timer);
    timer = setTimeout(check, 400);
  };
  const start = () => {
    new MutationObserver(schedule).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['open'],
    });
    schedule();
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
})()`;

export type AxeFinding = { view: string; violations: string[] };

/**
 * Views claimed in this run, so a view is analysed once however many tests, and however many
 * workers, show it. Each worker is its own process: a claim is a folder made in a folder of the
 * run (AXE_RUN_DIR, set once by playwright.config.ts before the workers start); `mkdir` fails
 * when another worker made it first. A worker whose check could not finish (the page moved on)
 * gives its claim back, so the view is checked when it shows next.
 */
const claims = {
  mine: new Set<string>(),
  dir: process.env.AXE_RUN_DIR ?? null,
  path(key: string): string {
    return join(this.dir!, createHash('sha256').update(key).digest('hex').slice(0, 32));
  },
  /** True when this worker may check the view now (no one claimed it before). */
  take(key: string): boolean {
    if (this.mine.has(key)) return false;
    if (this.dir) {
      try {
        mkdirSync(this.path(key));
      } catch {
        return false; // another worker's
      }
    }
    this.mine.add(key);
    return true;
  },
  giveBack(key: string): void {
    this.mine.delete(key);
    if (this.dir) rmSync(this.path(key), { recursive: true, force: true });
  },
  /** Marks a view checked whoever claimed it first (a spec's own check at a point it chose). */
  mark(key: string): void {
    this.mine.add(key);
    if (this.dir) mkdirSync(this.path(key), { recursive: true });
  },
};

/** The axe run under way on each page: axe runs one at a time in a page, so runs queue. */
const running = new WeakMap<Page, Promise<unknown>>();

/**
 * axe-core itself in the page's document, put there once per document (an in-app navigation
 * keeps it), asked for violations only. @axe-core/playwright's AxeBuilder sent the 550 KB
 * source into every frame and opened a blank page to assemble every result type on each
 * analysis: about 5 s a view on CI's two cores, most of the link walks' time. Frames are not
 * entered: the site's own frame (the built-in games) is checked where it is opened as a page.
 */
async function axeRun(page: Page): Promise<Result[]> {
  const frame = page.mainFrame();
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source);
  return frame.evaluate(async (exclude) => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    const results = await inPage.run(
      { exclude: exclude.map((selector) => [selector]) },
      { resultTypes: ['violations'], iframes: false },
    );
    return results.violations;
  }, excluded);
}

/** Runs axe on `page` once the run already under way there (the watcher's or a spec's) ends. */
function run(page: Page): Promise<Result[]> {
  const previous = running.get(page) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => axeRun(page));
  running.set(page, next);
  return next;
}

async function viewKey(page: Page): Promise<string | null> {
  try {
    if (!/^https?:/.test(page.url())) return null;
    return (await page.evaluate(viewKeyScript)) as string;
  } catch {
    return null; // closed or navigating
  }
}

/**
 * axe on the page's current view now, whether or not it was checked before: what a spec calls
 * where it wants the check at a given point (the fixture then skips this view).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const key = await viewKey(page);
  const violations = describe(await run(page));
  if (key) claims.mark(key);
  return violations;
}

function describe(violations: Result[]): string[] {
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 5)
        .map((n) => {
          const why = n.failureSummary?.split('\n').slice(1, 2).join('').trim();
          return `${n.target.join(' ')}${why ? ` [${why}]` : ''}`;
        })
        .join(', ')}`,
  );
}

/** Analyses the page's current view unless it was checked (or claimed) already in this run. */
async function analyse(page: Page, findings: AxeFinding[]): Promise<void> {
  const key = await viewKey(page);
  // A view still loading (a lazy page's spinner) is checked once it has loaded.
  if (!key || key.endsWith('|busy') || !claims.take(key)) return;
  let violations: string[];
  try {
    violations = describe(await run(page));
  } catch {
    claims.giveBack(key);
    return; // the page navigated or closed under axe; its next view is checked then
  }
  // The test moved on while axe read the page: the result may mix two views, so the view is
  // checked again when it shows next.
  if ((await viewKey(page)) !== key) {
    claims.giveBack(key);
    return;
  }
  if (violations.length) violations = await confirmed(page, key, violations);
  if (violations.length) findings.push({ view: key, violations });
}

/**
 * The violations still there when the same view is read again a moment later. A view caught
 * between two renders (a page swapping its content under the same key) can miss, for an
 * instant, what it shows before and after; a real fault is there both times, so nothing a
 * reader meets is dropped. Reading again costs only when something was found.
 */
async function confirmed(page: Page, key: string, violations: string[]): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  let again: string[];
  try {
    // The view went within the second: what was read was a passing moment, and the view is
    // checked again when it shows next (its claim given back).
    if ((await viewKey(page)) !== key) {
      claims.giveBack(key);
      return [];
    }
    again = describe(await run(page)).map(rule);
  } catch {
    return violations;
  }
  return violations.filter((v) => again.includes(rule(v)));
}

/** The rule id a described violation starts with. */
const rule = (described: string) => described.split(' ')[0] ?? described;

/**
 * Watches every page of `context`; `finish()` waits for the checks under way, checks the pages'
 * final views and answers what axe found.
 */
export async function watchAccessibility(
  context: BrowserContext,
): Promise<{ finish(): Promise<AxeFinding[]> }> {
  const findings: AxeFinding[] = [];
  const running = new Set<Promise<void>>();
  // One analysis at a time per page: axe refuses to run twice at once in one document.
  const queues = new WeakMap<Page, Promise<void>>();
  const enqueue = (page: Page) => {
    const next = (queues.get(page) ?? Promise.resolve()).then(() => analyse(page, findings));
    queues.set(page, next);
    running.add(next);
    void next.finally(() => running.delete(next));
    return next;
  };
  await context.exposeBinding('__axeView', ({ page }) => {
    if (page) void enqueue(page);
  });
  await context.addInitScript(watchScript);
  return {
    async finish() {
      await Promise.all(running);
      for (const page of context.pages()) await enqueue(page);
      return findings;
    },
  };
}

/** A readable failure message. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings.map((f) => `${f.view}\n  ${f.violations.join('\n  ')}`).join('\n');
}
