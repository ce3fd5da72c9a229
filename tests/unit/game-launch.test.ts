import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import type { i18n as I18n } from 'i18next';
import { createGamesClient } from '../../src/services/games.ts';
import { ApiError, createHttpClient } from '../../src/services/http-client.ts';
import { createGamesFlows, launchRefusal } from '../../src/app/games-actors.ts';
import { dialogLogic } from '../../src/ui/modals/dialogs.ts';
import type { sessionMachine } from '../../src/machines/session.machine.ts';
import type { Game } from '../../src/contract/games.ts';

/**
 * Issue 34, Major 3: a trial (free play) account's launch is refused with 403
 * need_true_account. The refusal reaches the client as the server's typed error and the launch
 * helper every game place goes through (the /game page's launch) turns it into "register
 * first" with the dialog open, not a failure whose retry can never work.
 */

const refusal = {
  success: false,
  code: 'need_true_account',
  message: 'Please register an account first.',
};

/** A games client over a server that refuses every launch the way it refuses a trial account. */
function refusingServer() {
  const asked: string[] = [];
  const http = createHttpClient({
    baseUrl: 'http://site.test',
    getToken: () => 'trial-token',
    getLanguage: () => 'en',
    fetch: (async (input: string | URL) => {
      asked.push(new URL(String(input)).pathname);
      return new Response(JSON.stringify(refusal), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch,
  });
  return { games: createGamesClient(http), asked };
}

function flowsOver(games: ReturnType<typeof createGamesClient>, isTrial: boolean) {
  const dialogs = createActor(dialogLogic).start();
  const navigated: string[] = [];
  const session = {
    getSnapshot: () => ({ matches: (state: string) => state === 'member', context: { isTrial } }),
  } as unknown as ActorRefFrom<typeof sessionMachine>;
  const flows = createGamesFlows({
    games,
    i18n: { language: 'en' } as I18n,
    session,
    dialogs,
    navigate: (path) => navigated.push(path),
  });
  return { flows, dialogs, navigated };
}

const globals = globalThis as { window?: unknown };
let opened: string[] = [];
beforeAll(() => {
  globals.window = {
    matchMedia: () => ({ matches: false }),
    open: (path: string) => {
      opened.push(path);
      return {};
    },
  };
});
afterAll(() => {
  delete globals.window;
});

describe('launchRefusal', () => {
  it('maps need_true_account to register first, maintenance to other games, the rest to null', () => {
    const error = (code: string, status: number) => new ApiError('server', code, 'refused', status);
    expect(launchRefusal(error('need_true_account', 403))).toBe('registerFirst');
    expect(launchRefusal(error('game_under_maintenance', 409))).toBe('maintenance');
    expect(launchRefusal(error('network_error', 0))).toBeNull();
    expect(launchRefusal(error('not_logged_in', 401))).toBeNull();
    expect(launchRefusal(new Error('boom'))).toBeNull();
  });
});

describe('a trial account launching a game', () => {
  it('gets the typed refusal from the server, not a network error', async () => {
    const { games } = refusingServer();
    const error = await games.launch({ nodeId: 1, language: 'en', platform: 'html5' }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'server', status: 403, code: 'need_true_account' });
  });

  it.each([
    ['a game', { nodeId: '7', gameType: 'RNG', vassalage: 'BUILTIN' }],
    ['a vendor lobby (/fbsports)', { nodeId: '', gameType: 'SPORTS', lobby: 'FB' }],
  ])('launching %s ends on register first with the dialog open, no failure', async (_, params) => {
    const { games, asked } = refusingServer();
    const { flows, dialogs } = flowsOver(games, true);
    const launch = createActor(flows.launch, { input: { params } }).start();
    const done = await waitFor(launch, (s) => !s.hasTag('busy'));
    expect(done.value).toBe('loaded');
    expect(done.context.data).toEqual({ kind: 'registerFirst' });
    expect(dialogs.getSnapshot().context).toEqual({ open: 'registerFirst', reason: 'launch' });
    expect(asked).toHaveLength(1);
    launch.stop();
  });

  it('opens even a popup vendor game in the site window, where the dialog can show', () => {
    opened = [];
    const game = { nodeId: 9, gameType: 'LIVE', vassalage: 'EVO', gameCode: 'lobby' } as Game;
    const trial = flowsOver(refusingServer().games, true);
    trial.flows.openGame(game);
    expect(trial.navigated).toEqual(['/game?nodeId=9&gameType=LIVE&vassalage=EVO&gameCode=lobby']);
    expect(opened).toEqual([]);
    // A real account keeps the 1300x900 popup.
    const member = flowsOver(refusingServer().games, false);
    member.flows.openGame(game);
    expect(member.navigated).toEqual([]);
    expect(opened).toHaveLength(1);
  });
});
