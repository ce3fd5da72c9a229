import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../../../platform/db/client.ts';
import type { Clock } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/errors.ts';
import { hashToken } from '../../../platform/hash-token.ts';
import type { MemberRow } from '../../../platform/http/auth.ts';
import { constants, type Language } from '../../../../contract/constants.ts';
import {
  launchPopup,
  launchTokenSeconds,
  type LaunchFBQueryParsed as LaunchFBQuery,
  type LaunchQueryParsed as LaunchQuery,
  type LaunchReply,
} from '../../../../contract/seamless.ts';
import { insertGameSession, launchSettings, providerForVassalage } from './seamless.repository.ts';

/** A game as the launch needs it (from the catalog's port). */
export type LaunchableGame = {
  nodeId: number | null;
  gameCode: string;
  vassalage: string;
  gameType: string;
  /** The game or its vendor is under maintenance. */
  underMaintenance: boolean;
};

/**
 * How the launch finds a game. The catalog's port answers it (g-catalog's games.port.ts); until
 * it is wired, `providerGames` answers from the providers' vendors alone.
 */
export type GameLookup = {
  findGame(query: {
    nodeId?: number;
    gameCode?: string;
    vassalage?: string;
    gameType?: string;
  }): Promise<LaunchableGame | undefined>;
  /** Called after a launch (recent games). */
  recordPlay?(memberId: number, game: LaunchableGame): Promise<void>;
  /** Called in a win's transaction (the winner board). */
  recordWin?(tx: Db, win: { memberId: number; nodeId: number; amount: bigint }): Promise<void>;
};

/** The part of the catalog's port (games.port.ts) a launch reads. */
export type CatalogPort = {
  findGame(vendor: string, gameCode: string): Promise<CatalogEntry | null>;
  findGameByNodeId(nodeId: number): Promise<CatalogEntry | null>;
  recordPlay(memberId: number, nodeId: number): Promise<unknown>;
  recordWin(
    win: { memberId: number | null; nodeId: number; amount: bigint },
    tx?: Db,
  ): Promise<unknown>;
};
type CatalogEntry = {
  nodeId: number;
  vassalage: string;
  gameType: string;
  gameCode: string;
  maintenance: boolean;
  visible: boolean;
};

/** Games from the catalog: a hidden game is not found; maintenance of game or vendor refuses. */
export function catalogGames(catalog: CatalogPort): GameLookup {
  return {
    async findGame(query) {
      const entry =
        query.nodeId !== undefined
          ? await catalog.findGameByNodeId(query.nodeId)
          : query.gameCode && query.vassalage
            ? await catalog.findGame(query.vassalage, query.gameCode)
            : null;
      if (!entry || !entry.visible) return undefined;
      return {
        nodeId: entry.nodeId,
        gameCode: entry.gameCode,
        vassalage: entry.vassalage,
        gameType: entry.gameType,
        underMaintenance: entry.maintenance,
      };
    },
    async recordPlay(memberId, game) {
      if (game.nodeId !== null) await catalog.recordPlay(memberId, game.nodeId);
    },
    async recordWin(tx, win) {
      // Under the member's masked username, looked up by the catalog.
      await catalog.recordWin(win, tx);
    },
  };
}

/** Without the catalog: a game code of a vendor some active provider serves. */
export function providerGames(db: Db): GameLookup {
  return {
    async findGame(query) {
      if (!query.gameCode || !query.vassalage) return undefined;
      const provider = await providerForVassalage(db, query.vassalage);
      if (!provider) return undefined;
      return {
        nodeId: query.nodeId ?? null,
        gameCode: query.gameCode,
        vassalage: query.vassalage,
        gameType: query.gameType ?? 'RNG',
        underMaintenance: false,
      };
    },
  };
}

export type LaunchDeps = {
  db: Db;
  clock: Clock;
  games: () => GameLookup;
  /** The configured launch CDNs (site settings launchGameCdns); empty: the site itself. */
  launchCdns: () => Promise<string[]>;
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? encodeURIComponent(values[name] ?? '') : whole,
  );

/**
 * Launching a game: a logged-in player (a trial account only when the operator allows), a game
 * that is not under maintenance, its provider's URL with a single-use, short-lived launch token,
 * on one of the launch CDNs (or the site itself) when the provider's URL is a path of ours.
 */
export function createLaunchService(deps: LaunchDeps) {
  const { db, clock } = deps;

  async function open(
    member: MemberRow,
    game: LaunchableGame | undefined,
    options: { language: Language; platform: string; backUrl?: string; origin: string },
  ): Promise<LaunchReply> {
    if (member.type === constants.trialAccountType) {
      const settings = await launchSettings(db);
      if (settings.trialLaunch !== 'allow') throw new AppError(403, 'need_true_account');
    }
    if (!game) throw new AppError(404, 'game_not_found');
    if (game.underMaintenance) throw new AppError(409, 'game_under_maintenance');
    const provider = await providerForVassalage(db, game.vassalage);
    if (!provider) throw new AppError(409, 'game_under_maintenance');
    const now = clock();
    const launchToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + launchTokenSeconds * 1000);
    await insertGameSession(db, {
      launchTokenHash: hashToken(launchToken),
      launchExpiresAt: expiresAt,
      launchedAt: now,
      memberId: member.id,
      providerCode: provider.code,
      nodeId: game.nodeId,
      gameCode: game.gameCode,
      vassalage: game.vassalage,
      gameType: game.gameType,
      language: options.language,
    });
    await deps
      .games()
      .recordPlay?.(member.id, game)
      .catch(() => {});
    let url = fill(provider.launchUrl, {
      token: launchToken,
      game: game.gameCode,
      lang: options.language,
      platform: options.platform,
      backUrl: options.backUrl ?? '/',
      user: String(member.id),
    });
    if (url.startsWith('/')) {
      // One of the launch CDNs at random, each launch (spec section 9).
      const cdns = await deps.launchCdns();
      const host = cdns.length > 0 ? cdns[randomInt(cdns.length)] : options.origin;
      url = `${(host ?? options.origin).replace(/\/+$/, '')}${url}`;
    }
    const popup = game.gameType !== 'RNG';
    return {
      url,
      openMode: popup ? 'popup' : 'frame',
      ...(popup ? { width: launchPopup.width, height: launchPopup.height } : {}),
      nodeId: game.nodeId,
      gameCode: game.gameCode,
      vassalage: game.vassalage,
      gameType: game.gameType,
      provider: provider.code,
      expiresAt: expiresAt.toISOString(),
    };
  }

  return {
    async launchGame(
      member: MemberRow,
      query: LaunchQuery,
      context: { language: Language; origin: string },
    ) {
      const game = await deps.games().findGame({
        ...(query.nodeId !== undefined ? { nodeId: query.nodeId } : {}),
        ...(query.gameCode !== undefined ? { gameCode: query.gameCode } : {}),
        ...(query.vassalage !== undefined ? { vassalage: query.vassalage } : {}),
        ...(query.gameType !== undefined ? { gameType: query.gameType } : {}),
      });
      return open(member, game, {
        language: query.language ?? context.language,
        platform: query.platform ?? 'html5-desktop',
        ...(query.backUrl ? { backUrl: query.backUrl } : {}),
        origin: context.origin,
      });
    },

    /** A vendor's lobby (the FB sports page): the vendor's lobby game. */
    async launchVendor(
      member: MemberRow,
      query: LaunchFBQuery,
      context: { language: Language; origin: string },
    ) {
      const vassalage = query.vassalage ?? 'FB';
      const game = await deps.games().findGame({
        gameCode: 'lobby',
        vassalage,
        gameType: query.gameType ?? 'SPORTS',
      });
      return open(member, game, {
        language: query.language ?? context.language,
        platform: query.platform ?? 'html5-desktop',
        origin: context.origin,
      });
    },
  };
}

export type LaunchService = ReturnType<typeof createLaunchService>;
