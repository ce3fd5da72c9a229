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

/** What the feed needs of the draw engine: settle a draw against a stored revision, announce. */
export type FeedEngine<Outcome> = {
  resettle(tx: Db, draw: { gameId: string; numero: string }, revision: number): Promise<Outcome>;
  announce(outcome: Outcome): unknown;
};

/**
 * One run of the results feed at `now`, on the scheduler's transaction: each locked draw of a
 * feed game past its draw time without a result is asked of the provider; a result that fits
 * the layout is stored as revision 1 and the engine settles the draw against it in the same
 * transaction (drawn, then settled; its outcomes are answered for the announcement after
 * commit). A draw the provider has no result for, or answers badly, stays locked and is asked
 * again at the next run. The calls are made inside the transaction (the claim's): with a short
 * time-out each, and at most `feedBatch` draws a run.
 */
export async function pollResultsFeed<Outcome>(
  tx: Db,
  provider: ResultsProvider,
  engine: Pick<FeedEngine<Outcome>, 'resettle'>,
  now: Date,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Outcome[]> {
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
  const outcomes: Outcome[] = [];
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
    await tx.execute(sql`
      INSERT INTO lottery_results (game_id, numero, revision, numbers, source, created_at)
      VALUES (${draw.gameId}, ${draw.numero}, 1, ${JSON.stringify(numbers)}::jsonb, 'feed',
        ${now.toISOString()}::timestamptz)`);
    outcomes.push(await engine.resettle(tx, draw, 1));
  }
  return outcomes;
}

/** The results feed as a scheduled job: every 15 seconds, once per period across nodes. */
export function resultsFeedJob<Outcome>(
  provider: ResultsProvider,
  engine: FeedEngine<Outcome>,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Job {
  return {
    name: 'lottery-results-feed',
    cron: '*/15 * * * * *',
    async run(tx, period) {
      const outcomes = await pollResultsFeed(tx, provider, engine, period.end, log);
      if (outcomes.length === 0) return;
      log.info({ stored: outcomes.length }, 'lottery results stored from the feed');
      return async () => {
        for (const outcome of outcomes) await engine.announce(outcome);
      };
    },
  };
}
