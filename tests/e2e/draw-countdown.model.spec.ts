/**
 * The lottery draw's timer walked in the browser path by path from its test model
 * (models/draw-countdown.model.ts), as planned in tests/support/model-walks.ts: a member's
 * betting view of the 1-minute game, every event coming the way it comes in production. The
 * lobby list (the draw's timing: server.drawUpdated, app.nextDraw) and the result check are
 * held and answered as the path says; the draw news (socket.drawResult, socket.drawCancelled)
 * are lotteryDraw frames on a socket.io connection the test serves itself; seconds pass on the
 * page's fake clock. After every step the page must show what the model's state says.
 */
import type { Page, Route } from '@playwright/test';
import { test, expect, apiRegistration, workerBaseURL } from './support/fixtures.ts';
import { browserWalks, walkPlan } from '../support/model-walks.ts';
import { lotteryPaths, type DrawView, type LotteryMenu } from '../../src/contract/lottery.ts';
import type { LotteryDrawEvent } from '../../src/contract/realtime.ts';
import { ServedChannel } from './support/served-channel.ts';
import { HeldCalls, apiPathPattern, walkPath } from './support/model-walk.ts';
import type { ModelPath } from '../support/model-paths.ts';
import { newPlayerToken } from './support/member.ts';
import { model as drawModel } from '../../models/draw-countdown.model.ts';

const walk = browserWalks['draw-countdown']!;
const plan = await walkPlan(walk);

const gameId = 'VN_FAST_1';
/**
 * How long the betting view keeps a result (or a cancel) on the timer before the next draw of
 * the list takes over (resultHoldMs in src/ui/pages/lottery/betting-view.tsx).
 */
const resultHoldMs = 8000;

// Players are registered through the API; one logs in once per worker (the popup is not what
// this walk is about) and every test opens the page with that session.
test.use({ siteSettings: apiRegistration });
test.describe.configure({ timeout: 60_000 });

let session: Promise<string> | undefined;

type Timing = { numero: string; remainTime: number; lockTime: number };

/**
 * The lobby list as the server would answer it, narrowed to the walked game with the path's
 * timing. The game's other fields are the real server's.
 */
class LobbyList {
  private readonly pending: Route[] = [];
  private readonly waiters = new Set<() => void>();
  private template: LotteryMenu[number] | null = null;
  private answers = 0;

  async route(page: Page) {
    await page.route(apiPathPattern(lotteryPaths.gameMenu), async (route) => {
      if (!this.template) {
        const real = (await (await route.fetch()).json()) as { value: LotteryMenu };
        const tag = real.value.find((t) => t.gameMenus.some((g) => g.gameId === gameId))!;
        this.template = {
          tag: tag.tag,
          gameMenus: tag.gameMenus.filter((g) => g.gameId === gameId),
        };
      }
      this.pending.push(route);
      for (const waiter of this.waiters) waiter();
    });
  }

  /**
   * The list's next call: one the page is making, or one the given nudge makes it make. A nudge
   * is news on the channel; the lobby reads its list again when it is not reading it already, so
   * a nudge that came while a read was finishing is sent again every 3 s (at most 30 s).
   */
  async next(nudge: () => void): Promise<Route> {
    if (this.pending.length === 0) {
      nudge();
      await new Promise<void>((resolve, reject) => {
        const again = setInterval(() => {
          if (this.pending.length === 0) nudge();
        }, 3_000);
        const timer = setTimeout(() => {
          clearInterval(again);
          reject(new Error('no lobby list call arrived'));
        }, 30_000);
        const waiter = () => {
          clearTimeout(timer);
          clearInterval(again);
          this.waiters.delete(waiter);
          resolve();
        };
        this.waiters.add(waiter);
      });
    }
    return this.pending.shift()!;
  }

  /**
   * Answers a call with the game's draw at this timing, and waits until the page shows that
   * list (its game's name carries the answer's number), so the timer has taken it before the
   * walk moves the clock.
   */
  async answer(page: Page, route: Route, timing: Timing) {
    this.answers += 1;
    const template = this.template!;
    const gameName = `${template.gameMenus[0]!.gameName} (${this.answers})`;
    const game = { ...template.gameMenus[0]!, ...timing, nextOpenTime: 0, gameName };
    await route.fulfill({
      json: { success: true, value: [{ tag: template.tag, gameMenus: [game] }] },
    });
    await expect(page.locator('.pg-intro h1')).toHaveText(gameName);
  }

  /** Calls the walk no longer needs: aborted, so the page is not left hanging. */
  async release() {
    for (const route of this.pending.splice(0)) await route.abort().catch(() => {});
  }
}

/** The draw news on the channel the test serves. */
class DrawNews extends ServedChannel {
  /** A lotteryDraw broadcast about the walked game. */
  send(draw: Pick<LotteryDrawEvent, 'numero' | 'state' | 'numbers'>) {
    const event: LotteryDrawEvent = {
      gameId,
      seedHash: null,
      seed: null,
      revision: 0,
      at: new Date().toISOString(),
      ...draw,
    };
    this.emit('lotteryDraw', event);
  }
}

/** One draw as the result check reads it. */
function drawView(numero: string, numbers: string[] | null): DrawView {
  return {
    gameId,
    numero,
    state: numbers ? 'drawn' : 'locked',
    opensAt: '2026-11-26T08:14:00.000Z',
    locksAt: '2026-11-26T08:15:00.000Z',
    winningTime: '2026-11-26T08:16:00.000Z',
    seedHash: null,
    seed: null,
    layout: 'north27',
    numbers,
    source: numbers ? 'rng' : null,
    revision: 0,
  };
}

type Walk = { page: Page; path: ModelPath; held: HeldCalls; list: LobbyList; news: DrawNews };

/** Walks the path from the page's first list call on. */
async function walkFrom({ page, path, held, list, news }: Walk, start: Route) {
  // The first list gives the timer its draw: the model's input.
  await list.answer(page, start, drawModel.input!);
  await expect(page.getByTestId('lottery-balance')).toBeVisible();
  await news.ready;

  // A draw's news about the game makes the lobby read its list again.
  const nudge = (numero: string) => () => news.send({ numero, state: 'open', numbers: null });

  await walkPath(page, walk.model, path, held, {
    done: (_actorId, route, output) => {
      const result = output as { numero: string; numbers: string[] } | null;
      const numero = result?.numero ?? new URL(route.request().url()).pathname.split('/').pop()!;
      return route.fulfill({
        json: { success: true, value: drawView(numero, result?.numbers ?? null) },
      });
    },
    async act(event, { previous }) {
      const numero = event.numero as string;
      switch (event.type) {
        case 'server.drawUpdated':
          await list.answer(page, await list.next(nudge(numero)), event as unknown as Timing);
          break;
        case 'app.nextDraw': {
          const current = (previous.context as { numero: string }).numero;
          // The list already names the next draw; the timer takes it after the hold, by when
          // the time to its close has gone down by the hold.
          await list.answer(page, await list.next(nudge(current)), {
            ...(event as unknown as Timing),
            remainTime: (event.remainTime as number) + resultHoldMs,
          });
          await page.clock.runFor(resultHoldMs);
          break;
        }
        case 'socket.drawResult':
          news.send({ numero, state: 'drawn', numbers: event.numbers as string[] });
          break;
        default:
          expect(event.type).toBe('socket.drawCancelled');
          news.send({ numero, state: 'cancelled', numbers: null });
      }
    },
  });
  await list.release();
}

for (const path of plan.paths) {
  test(`draw countdown: ${path.title}`, async ({ page, browser, context }) => {
    session ??= newPlayerToken(browser, workerBaseURL());
    const token = await session;
    await context.addInitScript((value) => {
      sessionStorage.setItem('token', value);
      localStorage.setItem('lang', 'en');
    }, token);

    const held = new HeldCalls();
    const list = new LobbyList();
    const news = new DrawNews();
    await list.route(page);
    await news.route(page);
    const drawPath = lotteryPaths.draw.replace(':gameId', gameId).replaceAll('/', '\\/');
    await held.route(page, 'loadDrawResult', new RegExp(`${drawPath.replace(':numero', '\\d+')}$`));
    // The app starts on a flowing fake clock; from the first list on, time moves only when the
    // path says (the timer starts with that list).
    await page.clock.install({ time: new Date('2026-11-26T08:13:00Z') });
    await page.goto(`/vnlottery?view=betting&gameId=${gameId}`);
    const start = await list.next(() => {});
    // Paused a second ahead of the page's time; read again if that second went by meanwhile (a
    // loaded machine), since a clock cannot be paused in its past.
    for (let tries = 0; ; tries++) {
      const at = (await page.evaluate(() => Date.now())) + 1000;
      try {
        await page.clock.pauseAt(at);
        break;
      } catch (error) {
        if (tries >= 5 || !String(error).includes('to the past')) throw error;
      }
    }
    try {
      await walkFrom({ page, path, held, list, news }, start);
    } finally {
      // The axe watcher in the page waits on timers too: time flows again for its last look.
      await page.clock.resume();
    }
  });
}
