import { fromPromise, type ActorRefFrom } from 'xstate';
import type { i18n as I18n } from 'i18next';
import { gameListMachine } from '../machines/game-list.machine.ts';
import { remoteDataMachine } from '../machines/remote-data.machine.ts';
import type { sessionMachine } from '../machines/session.machine.ts';
import type { Language } from '../contract/constants.ts';
import type { BetRecordQuery } from '../contract/seamless.ts';
import type { Game } from '../contract/games.ts';
import type { GamesClient } from '../services/games.ts';
import type { dialogLogic } from '../ui/modals/dialogs.ts';
import { gamePath, type GamesFlows, type LaunchOutcome } from '../ui/pages/games/games-flows.ts';

type Loader = (params: Record<string, string>, signal: AbortSignal) => Promise<unknown>;

const remote = (load: Loader) =>
  remoteDataMachine.provide({
    actors: { load: fromPromise(({ input, signal }) => load(input.params, signal)) },
  });

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/**
 * What a refused launch means, whichever place launched (a lobby card, the lottery's popular
 * games, the side menu's recent games, /fbsports, the /game address: all reach the /game
 * page's launch): a trial (free play) account the operator keeps from games (403
 * need_true_account) is asked to register first; a game under maintenance offers others;
 * anything else stays a failure with a retry (null).
 */
export function launchRefusal(error: unknown): 'registerFirst' | 'maintenance' | null {
  const code = codeOf(error);
  if (code === 'need_true_account') return 'registerFirst';
  if (code === 'game_under_maintenance') return 'maintenance';
  return null;
}

/** Query values as the records calls take them: empty ones left out, pages as numbers. */
function recordsQuery(params: Record<string, string>): BetRecordQuery {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === '' || value === 'all') continue;
    query[key] = key === 'pageNo' ? Number(value) : value;
  }
  return query as BetRecordQuery;
}

/** The games flows wired to the games client, the session and the login dialog. */
export function createGamesFlows({
  games,
  i18n,
  session,
  dialogs,
  navigate,
}: {
  games: GamesClient;
  i18n: I18n;
  session: ActorRefFrom<typeof sessionMachine>;
  dialogs: ActorRefFrom<typeof dialogLogic>;
  navigate: (path: string) => void;
}): GamesFlows {
  const language = () => i18n.language as Language;
  const signedIn = () => session.getSnapshot().matches('member');
  const isTrial = () => session.getSnapshot().context.isTrial;

  const openGame = (game: Game) => {
    const path = gamePath(game);
    // A trial account stays in this window: its launch may be refused, and the 'register
    // first' dialog then belongs to the site, not to a game popup.
    if (game.gameType === 'RNG' || isTrial()) {
      navigate(path);
      return;
    }
    // launchPopup of src/contract/seamless.ts (spec section 2), not imported: that module reads
    // with zod classic, which the first page does not carry.
    const { width, height } = { width: 1300, height: 900 };
    const popup = window.open(path, 'game', `width=${width},height=${height}`);
    // A blocked popup: the game opens in this window instead.
    if (!popup) navigate(path);
  };

  return {
    gameList: gameListMachine.provide({
      actors: {
        loadGames: fromPromise(({ input, signal }) =>
          games.page(input, language(), signedIn(), signal),
        ),
        saveFavourite: fromPromise(({ input }) => games.saveFavourite(input.game, input.add)),
      },
      guards: { hasSession: signedIn },
      actions: {
        askLogin: () => dialogs.send({ type: 'user.openLogin' }),
        openGame: (_, { game }) => openGame(game),
      },
    }),
    launch: remote(async (params, signal): Promise<LaunchOutcome> => {
      const platform = window.matchMedia('(max-width: 768px)').matches ? 'html5' : 'html5-desktop';
      try {
        const reply = params.lobby
          ? await games.launchVendor(
              {
                vassalage: params.lobby,
                gameType: params.gameType || 'SPORTS',
                language: language(),
                platform,
              },
              signal,
            )
          : await games.launch(
              {
                nodeId: Number(params.nodeId),
                gameCode: params.gameCode || undefined,
                vassalage: params.vassalage || undefined,
                gameType: params.gameType || undefined,
                language: language(),
                platform,
                backUrl: params.backUrl || undefined,
              },
              signal,
            );
        return { kind: 'launched', reply };
      } catch (error) {
        const refusal = launchRefusal(error);
        if (refusal === 'registerFirst') {
          dialogs.send({ type: 'app.openRegisterFirst', reason: 'launch' });
          return { kind: 'registerFirst' };
        }
        if (refusal !== 'maintenance') throw error;
        const others = await games
          .others(params.gameType || 'RNG', language(), signal)
          .catch(() => ({ list: [] as Game[] }));
        const nodeId = Number(params.nodeId);
        return {
          kind: 'maintenance',
          others: others.list.filter(
            (game) =>
              game.nodeId !== nodeId &&
              !game.maintenance &&
              // Not the vendor's own games: they wait on the same provider as its lobby.
              !(params.lobby && game.vassalage === params.lobby),
          ),
        };
      }
    }),
    vendorType: remote((params, signal) =>
      params.vassalage ? games.vendorType(params.vassalage, signal) : Promise.resolve(null),
    ),
    recentGames: remote((_, signal) =>
      signedIn() ? games.recent(language(), signal) : Promise.resolve([]),
    ),
    bets: remote((params, signal) => games.bets(recordsQuery(params), signal)),
    profit: remote((params, signal) => games.profit(recordsQuery(params), signal)),
    openGame,
  };
}
