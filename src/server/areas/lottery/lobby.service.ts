import {
  betTypes,
  gameIdSchema,
  lotteryMenuTags,
  type DrawView,
  type LotteryGame,
  type LotteryMenu,
  type OpenNumero,
} from '../../../contract/lottery.ts';
import { languages, type Language } from '../../../contract/constants.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import {
  activeGames,
  comingDraws,
  oneDraw,
  pastDraws,
  recentGameIds,
  type ComingDrawRow,
  type DrawRow,
  type LobbyGameRow,
} from './lobby.repository.ts';
import { drawEveryMinutes } from './schedule.ts';

export type LobbyDeps = {
  db: Db;
  clock: Clock;
  /** How long a node keeps the game rows (SITE_CACHE_MS); 0 reads them on every call. */
  gamesTtlMs: number;
  /** The site's own host names (SITE_DOMAINS; `*.example.com` takes its subdomains). */
  siteDomains: readonly string[];
};

/** The lobby page the launch answers (the app's /vnlottery route). */
export const lotteryLobbyPage = '/vnlottery';

/** The host name of a URL host or `Host` header: lower case, no port, no trailing dot. */
function hostName(host: string): string {
  const trimmed = host.trim().toLowerCase();
  const name = trimmed.startsWith('[')
    ? trimmed.slice(0, trimmed.indexOf(']') + 1)
    : trimmed.replace(/:\d+$/, '');
  return name.replace(/\.$/, '');
}

/**
 * Whether a launch's backUrl leads back to our own site: a path of ours ('/x', not '//x'), or an
 * http(s) URL on the request's host or one of the site's domains. Anything else (another host,
 * javascript:, data:, a protocol-relative URL, a backslash trick) is refused.
 */
export function isOwnBackUrl(
  backUrl: string,
  requestHost: string,
  siteDomains: readonly string[],
): boolean {
  if (/[\\\s]/.test(backUrl)) return false;
  if (backUrl.startsWith('/')) return !backUrl.startsWith('//');
  let url: URL;
  try {
    url = new URL(backUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  const name = hostName(url.host);
  if (name.length === 0) return false;
  if (name === hostName(requestHost)) return true;
  return siteDomains.some((domain) =>
    domain.startsWith('*.') ? name.endsWith(domain.slice(1)) : name === domain,
  );
}

/**
 * The lottery lobby's read calls (spec section 7). The games are data that change only by an
 * operator: a node keeps them `gamesTtlMs` (SITE_CACHE_MS); the draws are read fresh, one
 * statement per call, and every duration (`remainTime`, `lockTime`) is measured on the server's
 * clock when it answers, so the browser's timers run on server time.
 */
export function createLobbyService(deps: LobbyDeps) {
  const { db, clock } = deps;
  let kept: { at: number; games: Promise<Map<string, LobbyGameRow>> } | null = null;

  function games(): Promise<Map<string, LobbyGameRow>> {
    const now = Date.now();
    if (kept && deps.gamesTtlMs > 0 && now - kept.at < deps.gamesTtlMs) return kept.games;
    const loading = activeGames(db).then((rows) => new Map(rows.map((row) => [row.gameId, row])));
    kept = { at: now, games: loading };
    // A failed read is not kept.
    loading.catch(() => {
      if (kept?.games === loading) kept = null;
    });
    return loading;
  }

  async function knownGame(gameId: string): Promise<LobbyGameRow> {
    const game = (await games()).get(gameId);
    if (!game) throw new AppError(404, 'game_not_found');
    return game;
  }

  /**
   * A game's open draw from its coming draw: open when its opening has come; else no draw is
   * open and `nextOpenTime` says when the coming one opens.
   */
  function openNumeroOf(
    game: LobbyGameRow,
    draw: ComingDrawRow | undefined,
    now: Date,
  ): OpenNumero {
    if (!draw || draw.opensAt.getTime() > now.getTime()) {
      return {
        gameId: game.gameId,
        numero: null,
        remainTime: 0,
        lockTime: game.lockSeconds * 1000,
        winningTime: null,
        seedHash: null,
        nextOpenTime: draw ? draw.opensAt.getTime() - now.getTime() : null,
      };
    }
    return {
      gameId: game.gameId,
      numero: draw.numero,
      remainTime: Math.max(0, draw.locksAt.getTime() - now.getTime()),
      lockTime: Math.max(0, draw.drawsAt.getTime() - draw.locksAt.getTime()),
      winningTime: draw.drawsAt.toISOString(),
      seedHash: draw.seedHash,
      nextOpenTime: 0,
    };
  }

  function gameOf(
    game: LobbyGameRow,
    draw: ComingDrawRow | undefined,
    now: Date,
    language: Language,
  ): LotteryGame {
    const open = openNumeroOf(game, draw, now);
    return {
      gameId: game.gameId,
      gameName: game.names[language] ?? game.names.en ?? game.gameId,
      remark: game.remark,
      gameMenuTag: game.menuTag,
      drawDayOfWeek: game.drawDayOfWeek,
      numero: open.numero,
      remainTime: open.remainTime,
      lockTime: open.lockTime,
      winningTime: open.winningTime,
      seedHash: open.seedHash,
      nextOpenTime: open.nextOpenTime,
      nextWinningTime: draw ? draw.drawsAt.toISOString() : null,
      drawEveryMinutes: drawEveryMinutes(game, now),
      accountTypeName: 'TCG_LOTTO_VN',
      layout: game.layout,
      region: game.region,
      isHot: game.hot ? 1 : 0,
      betTypes: betTypes.flatMap((betType) => {
        const config = game.config.betTypes[betType];
        return config ? [{ betType, ...config }] : [];
      }),
    };
  }

  const byGame = (draws: ComingDrawRow[]) => new Map(draws.map((draw) => [draw.gameId, draw]));

  function drawViewOf(row: DrawRow, game: LobbyGameRow): DrawView {
    return {
      gameId: row.gameId,
      numero: row.numero,
      state: row.state,
      opensAt: row.opensAt.toISOString(),
      locksAt: row.locksAt.toISOString(),
      winningTime: row.drawsAt.toISOString(),
      seedHash: row.seedHash,
      // The query reveals the seed only for a drawn draw; checked again here.
      seed: row.state === 'drawn' || row.state === 'settled' ? row.seed : null,
      layout: game.layout,
      numbers: row.revision > 0 ? row.numbers : null,
      source: row.revision > 0 ? row.source : null,
      revision: row.revision,
    };
  }

  return {
    /** The menu: FAST, NORTH, CENTRAL, SOUTH with their games, each with its open draw. */
    async gameMenu(language: Language): Promise<LotteryMenu> {
      const all = [...(await games()).values()];
      const now = clock();
      const draws = byGame(await comingDraws(db, now, null));
      const tags = [
        ...lotteryMenuTags,
        ...new Set(all.map((g) => g.menuTag).filter((t) => !lotteryMenuTags.includes(t as never))),
      ];
      return tags.map((tag) => ({
        tag,
        gameMenus: all
          .filter((game) => game.menuTag === tag)
          .map((game) => gameOf(game, draws.get(game.gameId), now, language)),
      }));
    },

    /**
     * The member's lottery games by their last bet, most recent first (one tag, RECENT). The
     * call's prizeMode and device are the spec's shape: every game here is TCG_LOTTO_VN, so
     * neither narrows the list.
     */
    async recent(memberId: number, count: number, language: Language): Promise<LotteryMenu> {
      const known = await games();
      const ids = (await recentGameIds(db, memberId, count)).filter((id) => known.has(id));
      const now = clock();
      const draws = byGame(ids.length > 0 ? await comingDraws(db, now, ids) : []);
      return [
        {
          tag: 'RECENT',
          gameMenus: ids.map((id) => gameOf(known.get(id)!, draws.get(id), now, language)),
        },
      ];
    },

    /** The open draw of each game (or of the given ones): what the lobby's timers poll. */
    async openedNumero(gameIds: string | undefined): Promise<OpenNumero[]> {
      const known = await games();
      let chosen: LobbyGameRow[];
      if (gameIds === undefined || gameIds.trim() === '') {
        chosen = [...known.values()];
      } else {
        const ids = [...new Set(gameIds.split(',').map((id) => id.trim()))];
        for (const id of ids) {
          if (!gameIdSchema.safeParse(id).success) {
            throw new AppError(400, 'bad_request', 'bad_field', { field: 'gameIds' });
          }
        }
        chosen = ids.map((id) => {
          const game = known.get(id);
          if (!game) throw new AppError(404, 'game_not_found');
          return game;
        });
      }
      const now = clock();
      const draws = byGame(
        await comingDraws(
          db,
          now,
          gameIds === undefined || gameIds.trim() === '' ? null : chosen.map((g) => g.gameId),
        ),
      );
      return chosen.map((game) => openNumeroOf(game, draws.get(game.gameId), now));
    },

    /** A game's past draws, newest first, with their results: the result board. */
    async openedNumeros(gameId: string, count: number): Promise<DrawView[]> {
      const game = await knownGame(gameId);
      const rows = await pastDraws(db, gameId, clock(), count);
      return rows.map((row) => drawViewOf(row, game));
    },

    /** One draw; its seed only once it is drawn. */
    async draw(gameId: string, numero: string): Promise<DrawView> {
      const game = await knownGame(gameId);
      const row = await oneDraw(db, gameId, numero);
      if (!row) throw new AppError(404, 'not_found');
      return drawViewOf(row, game);
    },

    /**
     * The lobby launch (lottoArea VN, launchMode LOTT): our own lottery page, on the betting
     * view of a game or the lobby, with a backUrl only to our own site.
     */
    async lobbyLaunch(
      query: { view?: 'betting' | 'lobby'; gameId?: string; backUrl?: string; language?: string },
      context: { host: string; language: Language },
    ): Promise<{ url: string }> {
      if (query.gameId !== undefined) await knownGame(query.gameId);
      if (
        query.backUrl !== undefined &&
        !isOwnBackUrl(query.backUrl, context.host, deps.siteDomains)
      ) {
        throw new AppError(400, 'bad_request', 'lottery_back_url_refused');
      }
      const view = query.view ?? (query.gameId !== undefined ? 'betting' : 'lobby');
      if (view === 'betting' && query.gameId === undefined) {
        throw new AppError(400, 'bad_request', 'bad_field', { field: 'gameId' });
      }
      const params = new URLSearchParams({ view });
      if (query.gameId !== undefined) params.set('gameId', query.gameId);
      if (query.backUrl !== undefined) params.set('backUrl', query.backUrl);
      const language = languages.find((l) => l === query.language) ?? context.language;
      params.set('language', language);
      return { url: `${lotteryLobbyPage}?${params.toString()}` };
    },
  };
}

export type LobbyService = ReturnType<typeof createLobbyService>;
