import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { slotsOf, type LayoutName } from '../../../contract/lottery-draw.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Job } from '../../platform/scheduler/scheduler.ts';

/** A draw whose result is asked of a provider. */
export type FeedDraw = { gameId: string; numero: string; layout: LayoutName; drawsAt: Date };

/**
 * Where regional results come from: the numbers of one draw (special prize first), or null
 * while the provider has none yet. Throws when the provider answers something it must not
 * (a bad signature, another draw, numbers that do not fit the layout).
 */
export interface ResultsProvider {
  fetchResult(draw: FeedDraw): Promise<string[] | null>;
}

/** Whether numbers fit a layout: the right count (27 or 18), each of its prize's digits. */
export function fitsLayout(layout: LayoutName, numbers: readonly string[]): boolean {
  const slots = slotsOf(layout);
  return (
    numbers.length === slots.length &&
    numbers.every((number, i) => new RegExp(`^\\d{${slots[i]!.digits}}$`).test(number))
  );
}

export const feedSignatureHeader = 'x-feed-signature';

/** The signature the feed sends: `sha256=` and the hex HMAC-SHA256 of the raw reply body. */
export const feedSignatureOf = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const feedReplySchema = z.object({
  gameId: z.string(),
  numero: z.string(),
  numbers: z.array(z.string()),
});

export class FeedError extends Error {}

/**
 * The HTTP results feed: `GET <url>?gameId=<id>&numero=<numero>` answers 200 with
 * `{"gameId", "numero", "numbers"}` signed in `x-feed-signature`, or 404 while the result is not
 * out. Anything else (another status, a bad or missing signature, another draw, numbers that do
 * not fit the layout, a time-out) is refused with a FeedError and stores nothing.
 */
export function createHttpResultsFeed(options: {
  url: string;
  secret: string;
  timeoutMs: number;
}): ResultsProvider {
  return {
    async fetchResult(draw) {
      const url = new URL(options.url);
      url.searchParams.set('gameId', draw.gameId);
      url.searchParams.set('numero', draw.numero);
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new FeedError(`results feed unreachable: ${(error as Error).message}`);
      }
      const body = await response.text();
      if (response.status === 404) return null;
      if (response.status !== 200) throw new FeedError(`results feed answered ${response.status}`);
      const expected = Buffer.from(feedSignatureOf(options.secret, body));
      const given = Buffer.from(response.headers.get(feedSignatureHeader) ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new FeedError('results feed signature invalid');
      }
      let parsed: z.infer<typeof feedReplySchema>;
      try {
        parsed = feedReplySchema.parse(JSON.parse(body));
      } catch {
        throw new FeedError('results feed reply malformed');
      }
      if (parsed.gameId !== draw.gameId || parsed.numero !== draw.numero) {
        throw new FeedError('results feed answered another draw');
      }
      if (!fitsLayout(draw.layout, parsed.numbers)) {
        throw new FeedError('results feed numbers do not fit the layout');
      }
      return parsed.numbers;
    },
  };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How many draws one run of the feed job asks about (the oldest first). */
export const feedBatch = 20;

/**
 * One run of the results feed at `now`, on the scheduler's transaction: each locked draw of a
 * feed game past its draw time without a result is asked of the provider; a result that fits
 * the layout is stored as revision 1 and the draw becomes `drawn` (the engine settles it at its
 * next run). A draw the provider has no result for, or answers badly, stays locked and is asked
 * again at the next run. The calls are made inside the transaction (the claim's): with a short
 * time-out each, and at most `feedBatch` draws a run.
 */
export async function pollResultsFeed(
  tx: Db,
  provider: ResultsProvider,
  now: Date,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<number> {
  const due = rowsOf<{ game_id: string; numero: string; layout: LayoutName; draws_at: string }>(
    await tx.execute(sql`
      SELECT d.game_id, d.numero, g.layout, d.draws_at
      FROM lottery_draws d JOIN lottery_games g ON g.game_id = d.game_id
      WHERE g.source = 'feed' AND d.state = 'locked' AND d.result_revision = 0
        AND d.draws_at <= ${now.toISOString()}::timestamptz
      ORDER BY d.draws_at, d.game_id
      LIMIT ${feedBatch}
      FOR UPDATE OF d SKIP LOCKED`),
  );
  let stored = 0;
  for (const row of due) {
    const draw = {
      gameId: row.game_id,
      numero: row.numero,
      layout: row.layout,
      drawsAt: new Date(row.draws_at),
    };
    let numbers: string[] | null;
    try {
      numbers = await provider.fetchResult(draw);
    } catch (error) {
      log.warn({ gameId: draw.gameId, numero: draw.numero, err: error }, 'results feed refused');
      continue;
    }
    if (!numbers || !fitsLayout(draw.layout, numbers)) continue;
    const at = now.toISOString();
    await tx.execute(sql`
      WITH result AS (
        INSERT INTO lottery_results (game_id, numero, revision, numbers, source, created_at)
        VALUES (${draw.gameId}, ${draw.numero}, 1, ${JSON.stringify(numbers)}::jsonb, 'feed',
          ${at}::timestamptz)
        RETURNING game_id, numero
      )
      UPDATE lottery_draws d SET state = 'drawn', result_revision = 1, drawn_at = ${at}::timestamptz
      FROM result r WHERE d.game_id = r.game_id AND d.numero = r.numero`);
    stored += 1;
  }
  return stored;
}

/** The results feed as a scheduled job: every 15 seconds, once per period across nodes. */
export function resultsFeedJob(
  provider: ResultsProvider,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Job {
  return {
    name: 'lottery-results-feed',
    cron: '*/15 * * * * *',
    async run(tx, period) {
      const stored = await pollResultsFeed(tx, provider, period.end, log);
      if (stored > 0) log.info({ stored }, 'lottery results stored from the feed');
    },
  };
}
