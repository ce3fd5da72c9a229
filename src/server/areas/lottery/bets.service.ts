import { createHash } from 'node:crypto';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../contract/constants.ts';
import {
  betTypes,
  type BetType,
  type BetView,
  type LotteryHit,
  type PlaceSlipBody,
  type PlaceSlipReply,
} from '../../../contract/lottery.ts';
import { layoutNames, slotsOf } from '../../../contract/lottery-draw.ts';
import type { z } from 'zod';
import type { memberBetsPageSchema, memberBetsQuerySchema } from '../../../contract/lottery.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { ErrorCode } from '../../../contract/envelope.ts';
import type { WalletPort } from '../wallet/wallet.port.ts';
import { lotteryBets, lotteryGames } from './lottery.schema.ts';

type MemberBetsQuery = z.infer<typeof memberBetsQuerySchema>;
type MemberBetsPage = z.infer<typeof memberBetsPageSchema>;

/** The most bet rows (selections) one slip may hold: one statement posts them all. */
export const maxSlipRows = 100;

/** What each bet type's selection looks like: digits, or K different 2-digit numbers. */
const selectionRules: Record<BetType, (selection: string) => boolean> = {
  lo: (s) => /^\d{2}$/.test(s),
  de: (s) => /^\d{2}$/.test(s),
  bao_lo: (s) => /^\d{3}$/.test(s),
  ba_cang: (s) => /^\d{3}$/.test(s),
  dau: (s) => /^\d$/.test(s),
  duoi: (s) => /^\d$/.test(s),
  xien2: (s) => xien(s, 2),
  xien3: (s) => xien(s, 3),
  xien4: (s) => xien(s, 4),
};

function xien(selection: string, size: number): boolean {
  const parts = selection.split('-');
  return (
    parts.length === size &&
    parts.every((part) => /^\d{2}$/.test(part)) &&
    new Set(parts).size === size
  );
}

/** Whether a selection fits its bet type (lo/de 2 digits, bao_lo/ba_cang 3, dau/duoi 1, xienK). */
export const selectionFits = (betType: BetType, selection: string) =>
  betTypes.includes(betType) && selectionRules[betType](selection);

/**
 * Per layout, the numbers a lo bet and a bao_lo bet are judged against (27 and 23 on north27,
 * 18 and 17 on south18): the stake is the unit times that many.
 */
export const stakeCounts = Object.fromEntries(
  layoutNames.map((layout) => {
    const slots = slotsOf(layout);
    return [layout, { lo: slots.length, bao_lo: slots.filter((s) => s.digits >= 3).length }];
  }),
);

type SlipRow = { bet_type: BetType; selection: string; unit: string };

type SqlBet = Omit<BetView, 'gameName'>;
type SlipOutcome =
  | { outcome: 'refused'; code: ErrorCode }
  | {
      outcome: 'posted' | 'replayed';
      names: Record<Language, string>;
      bets: SqlBet[];
      total: string;
      balance: string;
    };

const refusalStatus: Partial<Record<ErrorCode, number>> = {
  lottery_draw_not_found: 404,
  lottery_bet_invalid: 400,
  lottery_unit_out_of_range: 400,
};

/** The PostgreSQL error code of a (possibly wrapped) driver error. */
function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The slip's id: the member's key, hashed with the member (a key is the member's own). */
export const slipIdOf = (memberId: number, key: string) =>
  `S${createHash('sha256').update(`${memberId}:${key}`).digest('base64url').slice(0, 24)}`;

/**
 * Lottery bets (issue 14): a slip of bets on one open draw, each bet (one selection) its own
 * ledger posting, the whole slip in one statement (`lottery_place_slip`, migration
 * `*_lottery_bets.sql`); and the member's bets, newest first.
 */
export function createBetsService(deps: { db: Db; clock: Clock; ledger: WalletPort['ledger'] }) {
  const { db, clock, ledger } = deps;

  async function placeOnce(memberId: number, slipId: string, hash: string, body: PlaceSlipBody) {
    const rows: SlipRow[] = body.bets.flatMap((bet) =>
      bet.selections.map((selection) => ({
        bet_type: bet.betType,
        selection,
        unit: bet.unitAmount,
      })),
    );
    const [row] = await db.select({ outcome: sql<SlipOutcome | string>`outcome` }).from(
      sql`lottery_place_slip(${memberId}::integer, ${slipId}::text, ${hash}::text,
          ${body.gameId}::text, ${body.numero}::text, ${clock().toISOString()}::timestamptz,
          ${ledger.currency}::text, ${JSON.stringify(stakeCounts)}::json,
          ${JSON.stringify(rows)}::json) as outcome`,
    );
    const outcome = row?.outcome;
    if (!outcome) throw new Error('lottery_place_slip answered nothing');
    return typeof outcome === 'string' ? (JSON.parse(outcome) as SlipOutcome) : outcome;
  }

  return {
    /**
     * Places a slip: bad selections, a bet type the game does not offer, a unit outside its
     * limits (400), a closed draw or a stake over the draw's limit (409) and a balance that
     * cannot pay (409) write nothing. The same key again answers the slip as placed.
     */
    async place(memberId: number, body: PlaceSlipBody, language: Language) {
      const rowCount = body.bets.reduce((sum, bet) => sum + bet.selections.length, 0);
      const valid =
        rowCount <= maxSlipRows &&
        body.bets.every((bet) => bet.selections.every((s) => selectionFits(bet.betType, s)));
      if (!valid || body.bets.some((bet) => BigInt(bet.unitAmount) <= 0n)) {
        throw new AppError(400, 'lottery_bet_invalid');
      }
      const slipId = slipIdOf(memberId, body.idempotencyKey);
      const { idempotencyKey: _key, ...asked } = body;
      const hash = createHash('sha256')
        .update(JSON.stringify({ memberId, ...asked }))
        .digest('hex');
      let outcome: SlipOutcome;
      for (let attempt = 1; ; attempt++) {
        try {
          outcome = await placeOnce(memberId, slipId, hash, body);
          break;
        } catch (error) {
          const code = pgCode(error);
          if (attempt < 5 && (code === '40P01' || code === '40001')) continue;
          if (code === 'LDG01') throw new AppError(409, 'insufficient_balance');
          throw error;
        }
      }
      if (outcome.outcome === 'refused') {
        throw new AppError(refusalStatus[outcome.code] ?? 409, outcome.code);
      }
      if (outcome.outcome === 'posted') ledger.played([memberId]);
      const gameName = outcome.names[language];
      const reply: PlaceSlipReply = {
        slipId,
        bets: outcome.bets.map((bet) => ({ ...bet, gameName })),
        total: outcome.total,
        balance: outcome.balance,
      };
      return reply;
    },

    /** The member's bets, newest first, a page at a time (15 by default). */
    async list(memberId: number, query: MemberBetsQuery, language: Language) {
      const pageSize = query.pageSize ?? 15;
      const pageNo = query.pageNo ?? 1;
      const filters: SQL[] = [eq(lotteryBets.memberId, memberId)];
      if (query.gameId) filters.push(eq(lotteryBets.gameId, query.gameId));
      if (query.numero) filters.push(eq(lotteryBets.numero, query.numero));
      if (query.state) filters.push(eq(lotteryBets.state, query.state));
      const where = and(...filters);
      const [total] = await db.select({ n: count() }).from(lotteryBets).where(where);
      const rows = await db
        .select({ bet: lotteryBets, names: lotteryGames.names })
        .from(lotteryBets)
        .innerJoin(lotteryGames, eq(lotteryGames.gameId, lotteryBets.gameId))
        .where(where)
        .orderBy(desc(lotteryBets.createdAt), desc(lotteryBets.id))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize);
      const page: MemberBetsPage = {
        list: rows.map(({ bet, names }) => betView(bet, names[language])),
        totalPages: Math.ceil((total?.n ?? 0) / pageSize),
        pageNo,
      };
      return page;
    },
  };
}

export type BetsService = ReturnType<typeof createBetsService>;

export function betView(bet: typeof lotteryBets.$inferSelect, gameName: string): BetView {
  return {
    betId: String(bet.id),
    slipId: bet.slipId,
    gameId: bet.gameId,
    gameName,
    numero: bet.numero,
    betType: bet.betType,
    selection: bet.selection,
    unitAmount: bet.unitAmount.toString(),
    stake: bet.stake.toString(),
    oddsX100: bet.oddsX100,
    state: bet.state,
    winAmount: bet.winAmount.toString(),
    hits: bet.hits satisfies LotteryHit[],
    createdAt: bet.createdAt.toISOString(),
    settledAt: bet.settledAt?.toISOString() ?? null,
  };
}
