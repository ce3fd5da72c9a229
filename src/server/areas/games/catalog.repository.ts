import { and, asc, count, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { GameCategory } from '../../../contract/routes.ts';
import type { Db } from '../../platform/db/client.ts';
import { members } from '../../platform/members/members.schema.ts';
import {
  gameFavorites,
  gameRecentPlays,
  gameVendorStatus,
  gameWinBoard,
  games,
} from './games.schema.ts';
import { containsPattern } from './search-text.ts';
import { lotteryBoard, lotteryBoardWins } from '../lottery/lottery.port.ts';

/** Under maintenance: the game itself or its whole vendor. */
const maintenanceSql = sql<boolean>`(${games.maintenance} or coalesce(${gameVendorStatus.maintenance}, false))`;

/** A game as players may see it: active, its vendor not disabled. */
const visibleSql = sql`${games.status} = 'ACTIVE' and not coalesce(${gameVendorStatus.disabled}, false)`;

export const catalogColumns = {
  nodeId: games.nodeId,
  vassalage: games.vassalage,
  gameType: games.gameType,
  gameCode: games.gameCode,
  nameHi: games.nameHi,
  nameEn: games.nameEn,
  nameBn: games.nameBn,
  gameClassify: games.gameClassify,
  displayName: games.displayName,
  minBet: games.minBet,
  minLineNum: games.minLineNum,
  isHot: games.isHot,
  status: games.status,
  gameMaintenance: games.maintenance,
  maintenance: maintenanceSql,
  vendorDisabled: sql<boolean>`coalesce(${gameVendorStatus.disabled}, false)`,
  imageUrl: games.imageUrl,
  popularity: games.popularity,
  sort: games.sort,
};

export const fromCatalog = (db: Db) =>
  db
    .select(catalogColumns)
    .from(games)
    .leftJoin(gameVendorStatus, eq(gameVendorStatus.vassalage, games.vassalage));

export type CatalogRow = Awaited<ReturnType<ReturnType<typeof fromCatalog>['execute']>>[number];

export type GameFilter = {
  gameType?: GameCategory;
  vassalage?: string;
  gameClassify?: string;
  /** Raw text; matched in its search form against every language's name. */
  gameName?: string;
  /** Games whose minimum bet is this (minor units): the spec's minimum-bet filter. */
  minBet?: bigint;
  maxMinLineNum?: number;
  isHot?: 0 | 1;
};

function filterSql(filter: GameFilter): SQL[] {
  const where: SQL[] = [visibleSql];
  if (filter.gameType) where.push(eq(games.gameType, filter.gameType));
  if (filter.vassalage) where.push(eq(games.vassalage, filter.vassalage));
  if (filter.gameClassify) where.push(eq(games.gameClassify, filter.gameClassify));
  if (filter.gameName?.trim())
    where.push(sql`${games.searchText} like ${containsPattern(filter.gameName)}`);
  if (filter.minBet !== undefined) where.push(eq(games.minBet, filter.minBet));
  if (filter.maxMinLineNum !== undefined) where.push(lte(games.minLineNum, filter.maxMinLineNum));
  if (filter.isHot !== undefined) where.push(eq(games.isHot, filter.isHot));
  return where;
}

/**
 * One page of visible games and the count of all that match. The matching ids (narrow rows:
 * id and sort) are gathered once, by the trigram index for a name search, and both counted and
 * ordered from there; the page's 15 rows are then read by id. Faster than a window count over
 * wide rows, and than an ordered index scan that runs the name filter row by row.
 */
export async function listGames(
  db: Db,
  filter: GameFilter,
  page: { pageNo: number; pageSize: number },
) {
  const matched = (await db.execute(sql`
    with matched as materialized (
      select ${games.nodeId} as node_id, ${games.sort} as sort
      from ${games}
      left join ${gameVendorStatus} on ${gameVendorStatus.vassalage} = ${games.vassalage}
      where ${and(...filterSql(filter))}
    )
    select node_id, (select count(*) from matched)::int as total
    from matched order by sort, node_id
    limit ${page.pageSize} offset ${(page.pageNo - 1) * page.pageSize}`)) as unknown as {
    rows: { node_id: number; total: number }[];
  };
  let total = Number(matched.rows[0]?.total ?? 0);
  // A page past the end has no row to carry the count.
  if (matched.rows.length === 0 && page.pageNo > 1) {
    const [counted] = await db
      .select({ total: count() })
      .from(games)
      .leftJoin(gameVendorStatus, eq(gameVendorStatus.vassalage, games.vassalage))
      .where(and(...filterSql(filter)));
    total = counted?.total ?? 0;
  }
  const ids = matched.rows.map((row) => Number(row.node_id));
  if (ids.length === 0) return { rows: [], total };
  const byId = new Map(
    (await fromCatalog(db).where(inArray(games.nodeId, ids))).map((row) => [row.nodeId, row]),
  );
  const rows = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  return { rows, total };
}

/** Visible game counts per vendor. */
export async function countByVendor(db: Db) {
  return db
    .select({
      vassalage: games.vassalage,
      gameType: games.gameType,
      games: count(),
      classifies: sql<
        string[]
      >`array_agg(distinct ${games.gameClassify} order by ${games.gameClassify})`,
    })
    .from(games)
    .leftJoin(gameVendorStatus, eq(gameVendorStatus.vassalage, games.vassalage))
    .where(visibleSql)
    .groupBy(games.vassalage, games.gameType);
}

export async function listVendorStatus(db: Db) {
  return db.select().from(gameVendorStatus);
}

/** Hot visible games, at most `perType` per category, in list order. */
export async function listHot(db: Db, perType: number) {
  const ranked = db
    .select({
      nodeId: games.nodeId,
      rank: sql<number>`row_number() over (partition by ${games.gameType} order by ${games.sort}, ${games.nodeId})`.as(
        'rank',
      ),
    })
    .from(games)
    .leftJoin(gameVendorStatus, eq(gameVendorStatus.vassalage, games.vassalage))
    .where(and(visibleSql, eq(games.isHot, 1)))
    .as('ranked');
  return fromCatalog(db)
    .innerJoin(ranked, eq(ranked.nodeId, games.nodeId))
    .where(lte(ranked.rank, perType))
    .orderBy(asc(games.gameType), asc(games.sort), asc(games.nodeId));
}

/** The most played visible games of these categories, most launches first. */
export async function listPopular(db: Db, gameTypes: readonly GameCategory[], limit: number) {
  return fromCatalog(db)
    .where(and(visibleSql, inArray(games.gameType, [...gameTypes])))
    .orderBy(desc(games.popularity), asc(games.nodeId))
    .limit(limit);
}

/** PVP games whose rooms the room list shows. */
export async function listRoomGames(
  db: Db,
  filter: { vassalage?: string; nodeId?: number },
  limit: number,
) {
  const where = [visibleSql, eq(games.gameType, 'PVP')];
  if (filter.vassalage) where.push(eq(games.vassalage, filter.vassalage));
  if (filter.nodeId) where.push(eq(games.nodeId, filter.nodeId));
  return fromCatalog(db)
    .where(and(...where))
    .orderBy(asc(games.sort), asc(games.nodeId))
    .limit(limit);
}

/** Any game by id, visible or not (operators, ports, artwork). */
export async function findGameById(db: Db, nodeId: number): Promise<CatalogRow | undefined> {
  const [row] = await fromCatalog(db).where(eq(games.nodeId, nodeId));
  return row;
}

export async function findGameByCode(
  db: Db,
  vassalage: string,
  gameCode: string,
): Promise<CatalogRow | undefined> {
  const [row] = await fromCatalog(db).where(
    and(eq(games.vassalage, vassalage), eq(games.gameCode, gameCode)),
  );
  return row;
}

// --- Favourites ---

export async function favoriteIds(db: Db, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ nodeId: gameFavorites.nodeId })
    .from(gameFavorites)
    .innerJoin(games, eq(games.nodeId, gameFavorites.nodeId))
    .leftJoin(gameVendorStatus, eq(gameVendorStatus.vassalage, games.vassalage))
    .where(and(eq(gameFavorites.memberId, memberId), visibleSql))
    .orderBy(desc(gameFavorites.createdAt), desc(gameFavorites.nodeId));
  return rows.map((row) => row.nodeId);
}

export async function listFavorites(
  db: Db,
  memberId: number,
  filter: { gameType?: GameCategory },
  page: { pageNo: number; pageSize: number },
) {
  const where = [eq(gameFavorites.memberId, memberId), visibleSql];
  if (filter.gameType) where.push(eq(games.gameType, filter.gameType));
  const rows = await db
    .select({ ...catalogColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(gameFavorites)
    .innerJoin(games, eq(games.nodeId, gameFavorites.nodeId))
    .leftJoin(gameVendorStatus, eq(gameVendorStatus.vassalage, games.vassalage))
    .where(and(...where))
    .orderBy(desc(gameFavorites.createdAt), desc(gameFavorites.nodeId))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  return rows;
}

export async function addFavorite(db: Db, memberId: number, nodeId: number, at: Date) {
  await db.insert(gameFavorites).values({ memberId, nodeId, createdAt: at }).onConflictDoNothing();
}

export async function removeFavorite(db: Db, memberId: number, nodeId: number) {
  await db
    .delete(gameFavorites)
    .where(and(eq(gameFavorites.memberId, memberId), eq(gameFavorites.nodeId, nodeId)));
}

// --- Recent plays ---

/** One launch: the member's recent row (upserted) and the game's popularity, one statement. */
export async function recordPlay(db: Db, memberId: number, nodeId: number, at: Date) {
  await db.execute(sql`
    with play as (
      insert into ${gameRecentPlays} (member_id, node_id, played_at, plays)
      values (${memberId}, ${nodeId}, ${at.toISOString()}, 1)
      on conflict (member_id, node_id)
      do update set played_at = greatest(${gameRecentPlays.playedAt}, excluded.played_at),
        plays = ${gameRecentPlays.plays} + 1
      returning node_id
    )
    update ${games} set popularity = popularity + 1
    where node_id = (select node_id from play)`);
}

export async function listRecent(
  db: Db,
  memberId: number,
  filter: { gameType?: GameCategory },
  page: { pageNo: number; pageSize: number },
) {
  const where = [eq(gameRecentPlays.memberId, memberId), visibleSql];
  if (filter.gameType) where.push(eq(games.gameType, filter.gameType));
  return db
    .select({
      ...catalogColumns,
      playedAt: gameRecentPlays.playedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(gameRecentPlays)
    .innerJoin(games, eq(games.nodeId, gameRecentPlays.nodeId))
    .leftJoin(gameVendorStatus, eq(gameVendorStatus.vassalage, games.vassalage))
    .where(and(...where))
    .orderBy(desc(gameRecentPlays.playedAt), desc(gameRecentPlays.nodeId))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
}

/** The names of the games of these (vendor, code) pairs. */
export function findNames(db: Db, list: readonly { vassalage: string; gameCode: string }[]) {
  const pairs = [...new Map(list.map((g) => [`${g.vassalage}\u0000${g.gameCode}`, g])).values()];
  return db
    .select({
      vassalage: games.vassalage,
      gameCode: games.gameCode,
      nameHi: games.nameHi,
      nameEn: games.nameEn,
      nameBn: games.nameBn,
    })
    .from(games)
    .where(
      or(
        ...pairs.map((g) => and(eq(games.vassalage, g.vassalage), eq(games.gameCode, g.gameCode))),
      ),
    );
}

// --- Winner board ---

/** A member's username (the winner board masks it before it stores it). */
export async function usernameOf(db: Db, memberId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ username: members.username })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.username;
}

export async function insertWin(
  db: Db,
  win: { memberId: number | null; memberName: string; nodeId: number; amount: bigint; at: Date },
) {
  await db.insert(gameWinBoard).values({
    memberId: win.memberId,
    memberName: win.memberName,
    nodeId: win.nodeId,
    amount: win.amount,
    wonAt: win.at,
  });
}

/** The biggest wins since `since`, of one category or all. */
/**
 * `name` masked in SQL as `maskName` does (catalog.service.ts): at most half of the characters,
 * at most two at each end, `***` between (PostgreSQL's left/right count characters, as the
 * JavaScript rule counts code points).
 */
function maskedSql(name: SQL): SQL {
  const shown = sql`least(char_length(${name}) / 2, 4)`;
  return sql`left(${name}, (${shown} + 1) / 2) || '***' ||
    CASE WHEN ${shown} / 2 > 0 THEN right(${name}, ${shown} / 2) ELSE '' END`;
}

type TopWinRaw = {
  memberName: string;
  amount: string;
  wonAt: Date | string;
  nodeId: number;
  gameType: GameCategory;
  vassalage: string;
  nameHi: string;
  nameEn: string;
  nameBn: string;
};

/**
 * The winner board: the biggest wins since `since`, in ONE statement: the seamless and built-in
 * games' wins (`game_win_board`, stored masked) UNION ALL the lottery's won bets (the lottery
 * port's subquery, masked here), biggest first, the newest first among equal wins.
 */
export async function listTopWins(
  db: Db,
  options: { limit: number; since: Date; gameType?: GameCategory },
) {
  const since = options.since.toISOString();
  const type = options.gameType ?? null;
  const catalogWins = sql`
    SELECT b.member_name, true AS masked, b.amount, b.won_at, g.node_id, g.game_type,
      g.vassalage, g.name_hi, g.name_en, g.name_bn, b.id
    FROM game_win_board b JOIN games g ON g.node_id = b.node_id
    WHERE b.won_at >= ${since}::timestamptz
      AND (${type}::text IS NULL OR g.game_type = ${type}::text)`;
  const withLottery = type === null || type === lotteryBoard.gameType;
  const all = withLottery
    ? sql`${catalogWins} UNION ALL ${lotteryBoardWins(options.since)}`
    : catalogWins;
  const result = (await db.execute(sql`
    SELECT CASE WHEN w.masked THEN w.member_name ELSE ${maskedSql(sql`w.member_name`)} END
        AS "memberName",
      w.amount::text AS amount, w.won_at AS "wonAt", w.node_id AS "nodeId",
      w.game_type AS "gameType", w.vassalage, w.name_hi AS "nameHi", w.name_en AS "nameEn",
      w.name_bn AS "nameBn"
    FROM (${all}) w
    ORDER BY w.amount DESC, w.won_at DESC, w.id DESC
    LIMIT ${options.limit}`)) as unknown as { rows: TopWinRaw[] };
  return result.rows.map((row) => ({
    ...row,
    amount: BigInt(row.amount),
    wonAt: new Date(row.wonAt),
  }));
}
