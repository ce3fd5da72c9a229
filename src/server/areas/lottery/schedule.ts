import { Cron } from 'croner';
import { LRUCache } from 'lru-cache';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import type { OutcomeKeys } from '../../platform/keys/outcome-keys.ts';
import type { Job } from '../../platform/scheduler/scheduler.ts';
import { shareAnyYear } from '../../platform/scheduler/cron-memory.ts';
import { newDrawCommitment } from './draw-seeds.ts';

/**
 * The draw period generator (issue 14): from each active game's croner schedule, read in the
 * game's time zone, the draws (numeros) ahead of now: the fast games' next two hours, the
 * regional games' next eight days. The draws go in with ONE statement per run (INSERT ... SELECT
 * FROM jsonb_to_recordset ... ON CONFLICT DO NOTHING), so a rerun, a second node or a restart
 * adds only what is missing and never touches a draw that exists.
 *
 * Numero: the draw's date in the game's zone, 'YYYYMMDD', for regional games (one draw a day);
 * for fast games that date and the draw's 4-digit sequence within the local day ('202601010001'
 * is the first draw after local midnight). opens_at is the previous scheduled draw time,
 * locks_at the draw time less the game's lock seconds. In-house (rng) draws get a commitment
 * `seed_hash = seedHashOf(seed)` of a seed derived under the current outcome key from the draw
 * and a fresh salt (draw-seeds.ts); the seed itself is not stored until the draw.
 */

export const fastHorizonMs = 2 * 60 * 60 * 1000;
export const regionalHorizonMs = 8 * 24 * 60 * 60 * 1000;

type GameRow = {
  game_id: string;
  region: string;
  schedule: string;
  time_zone: string;
  lock_seconds: number;
  source: string;
};

export type PlannedDraw = {
  gameId: string;
  numero: string;
  opensAt: string;
  locksAt: string;
  drawsAt: string;
  seedHash: string | null;
  seedKeyId: string | null;
  seedSalt: string | null;
};

type Keys = Pick<OutcomeKeys, 'derive' | 'currentKeyId'>;

const crons = new Map<string, Cron>();
function cronOf(pattern: string, timeZone: string): Cron {
  const key = `${timeZone}|${pattern}`;
  let cron = crons.get(key);
  if (!cron) {
    cron = shareAnyYear(new Cron(pattern, { timezone: timeZone, paused: true }));
    crons.set(key, cron);
  }
  return cron;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** 'YYYYMMDD' of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(instant).replaceAll('-', '');
}

/**
 * The draw times of a fast game's local day (from `midnight`, a local midnight, to the next),
 * computed once per process and day: a fast game draws up to 1,440 times a day and croner
 * walks to each time one at a time, which every start and every planning run of the day
 * repeated (about two thirds of a second of CPU per start with the demo's fast games).
 */
type FastDay = { date: string; runs: readonly Date[]; next: Date | null };
const fastDays = new LRUCache<string, FastDay>({ max: 256 });

function fastDay(pattern: string, timeZone: string, midnight: Date): FastDay {
  const key = `${timeZone}|${pattern}|${midnight.getTime()}`;
  let day = fastDays.get(key);
  if (!day) {
    const cron = cronOf(pattern, timeZone);
    const next = cronOf('0 0 0 * * *', timeZone).nextRun(midnight);
    const runs: Date[] = [];
    for (
      let at = cron.nextRun(new Date(midnight.getTime() - 1));
      at && (!next || at.getTime() < next.getTime());
      at = cron.nextRun(at)
    )
      runs.push(at);
    day = { date: localDate(midnight, timeZone), runs, next };
    fastDays.set(key, day);
  }
  return day;
}

const everyMinutes = new Map<string, number | null>();

/**
 * Minutes between two draws of a game that draws all day (region `fast`): the gap between the
 * schedule's next two draw times after `now`, under a day; null for the regional games (one draw
 * on each of their days). Kept per pattern and zone.
 */
export function drawEveryMinutes(
  game: { region: string; schedule: string; timeZone: string },
  now: Date,
): number | null {
  if (game.region !== 'fast') return null;
  const key = `${game.timeZone}|${game.schedule}`;
  if (everyMinutes.has(key)) return everyMinutes.get(key) ?? null;
  const cron = cronOf(game.schedule, game.timeZone);
  const first = cron.nextRun(now);
  const second = first ? cron.nextRun(first) : null;
  const gap = first && second ? second.getTime() - first.getTime() : null;
  const minutes =
    gap !== null && gap < 24 * 60 * 60 * 1000 && gap % 60_000 === 0 ? gap / 60_000 : null;
  everyMinutes.set(key, minutes);
  return minutes;
}

/** The draws of one game from just after `now` to `now + horizon`. */
export function planGame(game: GameRow, now: Date, keys: Keys): PlannedDraw[] {
  const cron = cronOf(game.schedule, game.time_zone);
  const fast = game.region === 'fast';
  const end = now.getTime() + (fast ? fastHorizonMs : regionalHorizonMs);
  const lockMs = game.lock_seconds * 1000;
  const planned: PlannedDraw[] = [];
  const add = (drawsAt: Date, previous: Date, numero: string) => {
    const commitment = game.source === 'rng' ? newDrawCommitment(keys, game.game_id, numero) : null;
    planned.push({
      gameId: game.game_id,
      numero,
      opensAt: previous.toISOString(),
      locksAt: new Date(Math.max(drawsAt.getTime() - lockMs, previous.getTime())).toISOString(),
      drawsAt: drawsAt.toISOString(),
      seedHash: commitment?.seedHash ?? null,
      seedKeyId: commitment?.seedKeyId ?? null,
      seedSalt: commitment?.seedSalt ?? null,
    });
  };
  if (fast) {
    // Count the day's draws from local midnight, so the sequence is the draw's place in the day.
    const midnights = cronOf('0 0 0 * * *', game.time_zone);
    let midnight: Date | null = midnights.previousRuns(1, new Date(now.getTime() + 1))[0] ?? null;
    let previous: Date | null = null;
    while (midnight && midnight.getTime() <= end) {
      const day = fastDay(game.schedule, game.time_zone, midnight);
      for (const [index, at] of day.runs.entries()) {
        if (at.getTime() > end) return planned;
        if (at.getTime() > now.getTime() && previous) {
          add(at, previous, `${day.date}${String(index + 1).padStart(4, '0')}`);
        }
        previous = at;
      }
      midnight = day.next;
    }
    return planned;
  }
  let [previous] = cron.previousRuns(1, new Date(now.getTime() + 1));
  for (let at = cron.nextRun(now); at && at.getTime() <= end; at = cron.nextRun(at)) {
    add(
      at,
      previous ?? new Date(at.getTime() - 24 * 60 * 60 * 1000),
      localDate(at, game.time_zone),
    );
    previous = at;
  }
  return planned;
}

/**
 * Reads the active games and inserts the draws ahead that are missing, in one statement.
 * Answers how many draws were new.
 */
export async function generatePeriods(db: Db, now: Date, keys: Keys): Promise<number> {
  const games = rowsOf<GameRow>(
    await db.execute(sql`
      SELECT game_id, region, schedule, time_zone, lock_seconds, source
      FROM lottery_games WHERE status = 'active'`),
  );
  const planned = games.flatMap((game) => planGame(game, now, keys));
  if (planned.length === 0) return 0;
  const inserted = rowsOf<{ n: number }>(
    await db.execute(sql`
      WITH added AS (
        INSERT INTO lottery_draws (game_id, numero, opens_at, locks_at, draws_at, seed_hash,
          seed_key_id, seed_salt)
        SELECT d."gameId", d.numero, d."opensAt", d."locksAt", d."drawsAt", d."seedHash",
          d."seedKeyId", d."seedSalt"
        FROM jsonb_to_recordset(${JSON.stringify(planned)}::jsonb) AS d(
          "gameId" text, numero text, "opensAt" timestamptz, "locksAt" timestamptz,
          "drawsAt" timestamptz, "seedHash" text, "seedKeyId" text, "seedSalt" text)
        ON CONFLICT (game_id, numero) DO NOTHING
        RETURNING 1)
      SELECT count(*)::int AS n FROM added`),
  );
  return inserted[0]?.n ?? 0;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The generator as a scheduled job: every minute, the draws ahead that are missing. */
export function periodGeneratorJob(keys: Keys): Job {
  return {
    name: 'lottery-periods',
    cron: '0 * * * * *',
    run: async (tx, period) => {
      await generatePeriods(tx, period.end, keys);
    },
  };
}
