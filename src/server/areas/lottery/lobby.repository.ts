import { sql } from 'drizzle-orm';
import type {
  DrawState,
  GameConfig,
  LotteryRegion,
  ResultSource,
} from '../../../contract/lottery.ts';
import type { LayoutName } from '../../../contract/lottery-draw.ts';
import type { Language } from '../../../contract/constants.ts';
import type { Db } from '../../platform/db/client.ts';

/**
 * The lobby's reads of the lottery tables (spec section 7). The secret seed of a draw leaves the
 * database only for a draw already drawn: every query here reveals it with
 * `CASE WHEN state IN ('drawn', 'settled') THEN seed END`, so no service can leak it by mistake.
 */

export type LobbyGameRow = {
  gameId: string;
  names: Record<Language, string>;
  region: LotteryRegion;
  menuTag: string;
  layout: LayoutName;
  drawDayOfWeek: string;
  /** The croner pattern of the draw times, read in `timeZone`. */
  schedule: string;
  timeZone: string;
  lockSeconds: number;
  remark: string;
  hot: boolean;
  sort: number;
  config: GameConfig;
};

/** A game's coming draw: the one taking bets now, or, when none is, the next to open. */
export type ComingDrawRow = {
  gameId: string;
  numero: string;
  opensAt: Date;
  locksAt: Date;
  drawsAt: Date;
  seedHash: string | null;
};

export type DrawRow = {
  gameId: string;
  numero: string;
  state: DrawState;
  opensAt: Date;
  locksAt: Date;
  drawsAt: Date;
  seedHash: string | null;
  seed: string | null;
  numbers: string[] | null;
  source: ResultSource | null;
  revision: number;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** The active games, in menu order (the lobby keeps them SITE_CACHE_MS). */
export async function activeGames(db: Db): Promise<LobbyGameRow[]> {
  return rowsOf<LobbyGameRow>(
    await db.execute(sql`
      SELECT game_id AS "gameId", names, region, menu_tag AS "menuTag", layout,
        draw_day_of_week AS "drawDayOfWeek", schedule, time_zone AS "timeZone",
        lock_seconds AS "lockSeconds", remark, hot, sort, config
      FROM lottery_games WHERE status = 'active' ORDER BY sort, game_id`),
  );
}

/**
 * The coming draw of each game at `now`, in one statement; `gameIds` null: every game. That is
 * the first draw by draw time that still takes bets or will (not locked by its time, not called
 * off): open when its opening has come (a draw whose open job is late still counts by its
 * times, as the bet placement does), else the next to open, with its opening time.
 */
export async function comingDraws(
  db: Db,
  now: Date,
  gameIds: readonly string[] | null,
): Promise<ComingDrawRow[]> {
  const only =
    gameIds === null
      ? sql``
      : sql`AND game_id IN (${sql.join(
          gameIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  if (gameIds !== null && gameIds.length === 0) return [];
  const rows = rowsOf<ComingDrawRow>(
    await db.execute(sql`
      SELECT DISTINCT ON (game_id) game_id AS "gameId", numero, opens_at AS "opensAt",
        locks_at AS "locksAt", draws_at AS "drawsAt", seed_hash AS "seedHash"
      FROM lottery_draws
      WHERE state IN ('scheduled', 'open') AND locks_at > ${now.toISOString()}::timestamptz
        ${only}
      ORDER BY game_id, draws_at`),
  );
  return rows.map((row) => ({
    ...row,
    opensAt: asDate(row.opensAt),
    locksAt: asDate(row.locksAt),
    drawsAt: asDate(row.drawsAt),
  }));
}

const drawColumns = sql`
  d.game_id AS "gameId", d.numero, d.state, d.opens_at AS "opensAt", d.locks_at AS "locksAt",
  d.draws_at AS "drawsAt", d.seed_hash AS "seedHash",
  CASE WHEN d.state IN ('drawn', 'settled') THEN d.seed END AS seed,
  r.numbers, r.source, d.result_revision AS revision`;

const drawOf = (row: DrawRow): DrawRow => ({
  ...row,
  opensAt: asDate(row.opensAt),
  locksAt: asDate(row.locksAt),
  drawsAt: asDate(row.drawsAt),
});

/**
 * A game's draws whose draw time has come (or that are already drawn or called off), newest
 * first, each with its result in force: the result board.
 */
export async function pastDraws(
  db: Db,
  gameId: string,
  now: Date,
  count: number,
): Promise<DrawRow[]> {
  return rowsOf<DrawRow>(
    await db.execute(sql`
      SELECT ${drawColumns}
      FROM lottery_draws d
      LEFT JOIN lottery_results r
        ON r.game_id = d.game_id AND r.numero = d.numero AND r.revision = d.result_revision
      WHERE d.game_id = ${gameId}
        AND (d.draws_at <= ${now.toISOString()}::timestamptz
          OR d.state IN ('drawn', 'settled', 'cancelled'))
      ORDER BY d.draws_at DESC
      LIMIT ${count}`),
  ).map(drawOf);
}

/** One draw with its result in force. */
export async function oneDraw(db: Db, gameId: string, numero: string): Promise<DrawRow | null> {
  const [row] = rowsOf<DrawRow>(
    await db.execute(sql`
      SELECT ${drawColumns}
      FROM lottery_draws d
      LEFT JOIN lottery_results r
        ON r.game_id = d.game_id AND r.numero = d.numero AND r.revision = d.result_revision
      WHERE d.game_id = ${gameId} AND d.numero = ${numero}`),
  );
  return row ? drawOf(row) : null;
}

/** The games a member bet on, the last bet first. */
export async function recentGameIds(db: Db, memberId: number, count: number): Promise<string[]> {
  return rowsOf<{ gameId: string }>(
    await db.execute(sql`
      SELECT game_id AS "gameId"
      FROM lottery_bets WHERE member_id = ${memberId}
      GROUP BY game_id
      ORDER BY max(created_at) DESC, max(id) DESC
      LIMIT ${count}`),
  ).map((row) => row.gameId);
}
