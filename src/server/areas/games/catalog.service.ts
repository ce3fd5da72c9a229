import type { Language } from '../../../contract/constants.ts';
import {
  gameArtUrl,
  type FavoriteBody,
  type Game,
  type GamePage,
  type LotteryCategory,
  type gameListQuerySchema,
  type rankListQuerySchema,
} from '../../../contract/games.ts';
import type { PrizeMode } from '../../../contract/prize-mode.ts';
import type { GameCategory } from '../../../contract/routes.ts';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { listVendorLanes, listVendors } from '../system/system.port.ts';
import * as repo from './catalog.repository.ts';
import type { CatalogRow } from './catalog.repository.ts';
import { categoryNames } from '../../../contract/game-type-names.ts';
import type { CatalogCache } from './catalog-cache.ts';

type Page = { pageNo: number; pageSize: number };

/** The game's name in `language`. */
export function nameIn(
  row: { nameHi: string; nameEn: string; nameBn: string },
  language: Language,
) {
  return language === 'en' ? row.nameEn : language === 'bn' ? row.nameBn : row.nameHi;
}

/** A catalog row as players see it. */
export function toGame(row: CatalogRow, language: Language): Game {
  return {
    nodeId: row.nodeId,
    vassalage: row.vassalage,
    gameType: row.gameType,
    gameCode: row.gameCode,
    gameName: nameIn(row, language),
    gameClassify: row.gameClassify,
    displayName: row.displayName,
    minBet: row.minBet.toString(),
    minLineNum: row.minLineNum,
    isHot: row.isHot,
    maintenance: row.maintenance,
    imageUrl: row.imageUrl ?? gameArtUrl(row.nodeId),
  };
}

const pages = (total: number, pageSize: number) => Math.ceil(total / pageSize);

/** The lobby path of a category. */
export const lobbyPage = (gameType: GameCategory) =>
  gameType === 'LOTT' ? '/lottery' : `/${gameType.toLowerCase()}`;

/** Major units with at most two decimals ("0.05") to minor units (5n). */
export function majorToMinor(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/**
 * The masked name the winner board shows: at most half of the characters, and at most two at
 * each end, with `***` between (`rajesh77` -> `ra***77`, `priya` -> `p***a`, `raj` -> `r***`).
 * The full name never leaves the server.
 */
export function maskName(name: string): string {
  const chars = [...name];
  const shown = Math.min(Math.floor(chars.length / 2), 4);
  const head = Math.ceil(shown / 2);
  const tail = shown - head;
  return `${chars.slice(0, head).join('')}***${tail > 0 ? chars.slice(-tail).join('') : ''}`;
}

/** How far back the winner board looks. */
export const winnerBoardDays = 7;
/** Hot games per category in the hot list. */
export const hotPerCategory = 12;
/**
 * The lottery category a prize mode's popular list is drawn from (spec section 4: Elott when
 * the ELOTT category holds the lotto vendors, else Lott): Elott the ELOTT games, the other
 * modes (Lott, ZY, SEA) the LOTT games; without a prize mode both lottery categories.
 */
export function popularCategories(prizeMode: PrizeMode | undefined): LotteryCategory[] {
  if (prizeMode === undefined) return ['ELOTT', 'LOTT'];
  return prizeMode === 'Elott' ? ['ELOTT'] : ['LOTT'];
}

/** PVP games whose rooms one room list shows. */
export const roomGamesMax = 30;

export function createCatalogService(deps: { db: Db; clock: Clock; cache: CatalogCache }) {
  const { db, clock, cache } = deps;
  const notFound = () => new AppError(404, 'not_found');

  const service = {
    async gameList(
      query: z.output<typeof gameListQuerySchema>,
      language: Language,
    ): Promise<GamePage> {
      const { rows, total } = await repo.listGames(
        db,
        {
          gameType: query.gameType,
          vassalage: query.vassalage?.toUpperCase(),
          gameClassify: query.gameClassify,
          gameName: query.gameName,
          minBet: query.minBet === undefined ? undefined : majorToMinor(query.minBet),
          maxMinLineNum: query.minLineNum,
          isHot: query.isHot as 0 | 1 | undefined,
        },
        query,
      );
      return {
        list: rows.map((row) => toGame(row, language)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: pages(total, query.pageSize),
      };
    },

    async gameMenus(language: Language) {
      const [lanes, vendors, counts, statuses] = await Promise.all([
        listVendorLanes(db),
        listVendors(db),
        repo.countByVendor(db),
        repo.listVendorStatus(db),
      ]);
      const countOf = new Map(counts.map((row) => [row.vassalage, row.games]));
      const statusOf = new Map(statuses.map((row) => [row.vassalage, row]));
      return {
        menus: lanes.map((lane) => {
          const laneVendors = vendors
            .filter((vendor) => vendor.gameType === lane.gameType)
            .filter((vendor) => !statusOf.get(vendor.vassalage)?.disabled)
            .map((vendor) => ({
              vassalage: vendor.vassalage,
              displayName: vendor.displayName,
              logo: vendor.logo,
              isHot: vendor.isHot,
              gameCount: countOf.get(vendor.vassalage) ?? 0,
              maintenance: statusOf.get(vendor.vassalage)?.maintenance ?? false,
            }));
          return {
            gameType: lane.gameType,
            name: categoryNames[lane.gameType][language],
            page: lobbyPage(lane.gameType),
            gameCount: laneVendors.reduce((sum, vendor) => sum + vendor.gameCount, 0),
            gameClassify: lane.gameClassify,
            vendors: laneVendors,
          };
        }),
      };
    },

    async vassGameType(vassalage: string | undefined) {
      const [vendors, counts, statuses] = await Promise.all([
        listVendors(db),
        repo.countByVendor(db),
        repo.listVendorStatus(db),
      ]);
      const classifyOf = new Map(counts.map((row) => [row.vassalage, row.classifies]));
      const statusOf = new Map(statuses.map((row) => [row.vassalage, row]));
      const code = vassalage?.toUpperCase();
      return {
        list: vendors
          .filter((vendor) => code === undefined || vendor.vassalage === code)
          .filter((vendor) => !statusOf.get(vendor.vassalage)?.disabled)
          .map((vendor) => ({
            vassalage: vendor.vassalage,
            gameType: vendor.gameType,
            displayName: vendor.displayName,
            gameClassify: classifyOf.get(vendor.vassalage) ?? [],
            maintenance: statusOf.get(vendor.vassalage)?.maintenance ?? false,
          })),
      };
    },

    async hotGames(language: Language) {
      const [lanes, vendors, rows, statuses] = await Promise.all([
        listVendorLanes(db),
        listVendors(db),
        repo.listHot(db, hotPerCategory),
        repo.listVendorStatus(db),
      ]);
      const disabled = new Set(statuses.filter((row) => row.disabled).map((row) => row.vassalage));
      return {
        list: lanes
          .map((lane) => ({
            gameType: lane.gameType,
            games: rows
              .filter((row) => row.gameType === lane.gameType)
              .map((row) => toGame(row, language)),
          }))
          .filter((group) => group.games.length > 0),
        footer: vendors
          .filter((vendor) => !disabled.has(vendor.vassalage))
          .map((vendor) => ({
            vassalage: vendor.vassalage,
            displayName: vendor.displayName,
            gameType: vendor.gameType,
            logo: vendor.logo,
          })),
      };
    },

    /** The most played lottery games of the prize mode's category (popularCategories). */
    async popular(count: number, prizeMode: PrizeMode | undefined, language: Language) {
      const categories = popularCategories(prizeMode);
      const rows = await repo.listPopular(db, categories, count);
      return {
        // The query asked these categories only: the filter narrows the type, never a row.
        list: rows.flatMap((row) => {
          const gameType = categories.find((category) => category === row.gameType);
          return gameType ? [{ ...toGame(row, language), gameType }] : [];
        }),
      };
    },

    async favoriteIds(memberId: number) {
      return { nodeIds: await repo.favoriteIds(db, memberId) };
    },

    async favoriteList(
      memberId: number,
      query: Page & { gameType?: GameCategory },
      language: Language,
    ) {
      const rows = await repo.listFavorites(db, memberId, query, query);
      const total = rows[0]?.total ?? (await repo.favoriteIds(db, memberId)).length;
      return {
        content: rows.map((row) => toGame(row, language)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: pages(total, query.pageSize),
      };
    },

    /** Adds a favourite; the game must be visible and match vendor and category. */
    async addFavorite(memberId: number, body: FavoriteBody) {
      const game = await repo.findGameById(db, body.nodeId);
      if (
        !game ||
        game.status !== 'ACTIVE' ||
        game.vendorDisabled ||
        game.vassalage !== body.vendor.toUpperCase() ||
        game.gameType !== body.gameType
      )
        throw notFound();
      await repo.addFavorite(db, memberId, body.nodeId, clock());
      return { nodeIds: await repo.favoriteIds(db, memberId) };
    },

    async removeFavorite(memberId: number, body: FavoriteBody) {
      const game = await repo.findGameById(db, body.nodeId);
      if (!game || game.vassalage !== body.vendor.toUpperCase() || game.gameType !== body.gameType)
        throw notFound();
      await repo.removeFavorite(db, memberId, body.nodeId);
      return { nodeIds: await repo.favoriteIds(db, memberId) };
    },

    async recentGames(
      memberId: number,
      query: Page & { gameType?: GameCategory },
      language: Language,
    ) {
      const rows = await repo.listRecent(db, memberId, query, query);
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && query.pageNo > 1)
        total =
          (await repo.listRecent(db, memberId, query, { pageNo: 1, pageSize: 1 }))[0]?.total ?? 0;
      return {
        list: rows.map((row) => ({
          ...toGame(row, language),
          playedAt: row.playedAt.toISOString(),
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: pages(total, query.pageSize),
      };
    },

    async rankList(query: z.output<typeof rankListQuerySchema>, language: Language) {
      const since = new Date(clock().getTime() - winnerBoardDays * 86_400_000);
      const rows = await repo.listTopWins(db, {
        limit: query.limitNum,
        since,
        gameType: query.gameCategory === 'ALL' ? undefined : query.gameCategory,
      });
      return {
        list: rows.map((row) => ({
          vo: {
            memberName: row.memberName,
            nodeId: row.nodeId,
            gameName: nameIn(row, language),
            gameType: row.gameType,
            vassalage: row.vassalage,
            amount: row.amount.toString(),
            wonAt: row.wonAt.toISOString(),
          },
        })),
      };
    },

    /** Three bet tiers per PVP game: its min bet, ten and a hundred times it. */
    async roomList(filter: { vassalage?: string; nodeId?: number }, language: Language) {
      const rows = await repo.listRoomGames(
        db,
        { vassalage: filter.vassalage?.toUpperCase(), nodeId: filter.nodeId },
        roomGamesMax,
      );
      return {
        list: rows.flatMap((row) =>
          [1n, 10n, 100n].map((factor, index) => ({
            roomId: `${row.nodeId}-${index + 1}`,
            nodeId: row.nodeId,
            vassalage: row.vassalage,
            gameName: nameIn(row, language),
            minBet: (row.minBet * factor).toString(),
            level: index + 1,
            maintenance: row.maintenance,
          })),
        ),
      };
    },

    /** The row the artwork is drawn from; 404 for an unknown id. */
    async artSource(nodeId: number) {
      if (!Number.isSafeInteger(nodeId) || nodeId < 1 || nodeId > 2_147_483_647) throw notFound();
      const game = await repo.findGameById(db, nodeId);
      if (!game) throw notFound();
      return game;
    },
  };

  // The public answers, kept for a moment per node (catalog-cache.ts); keys hold every input.
  return {
    ...service,
    gameList: (query: z.output<typeof gameListQuerySchema>, language: Language) =>
      cache.get(`list:${language}:${JSON.stringify(query)}`, () =>
        service.gameList(query, language),
      ),
    gameMenus: (language: Language) =>
      cache.get(`menus:${language}`, () => service.gameMenus(language)),
    vassGameType: (vassalage: string | undefined) =>
      cache.get(`vass:${vassalage ?? ''}`, () => service.vassGameType(vassalage)),
    hotGames: (language: Language) =>
      cache.get(`hot:${language}`, () => service.hotGames(language)),
    popular: (count: number, prizeMode: PrizeMode | undefined, language: Language) =>
      cache.get(`popular:${language}:${prizeMode ?? ''}:${count}`, () =>
        service.popular(count, prizeMode, language),
      ),
    roomList: (filter: { vassalage?: string; nodeId?: number }, language: Language) =>
      cache.get(`rooms:${language}:${filter.vassalage ?? ''}:${filter.nodeId ?? ''}`, () =>
        service.roomList(filter, language),
      ),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
