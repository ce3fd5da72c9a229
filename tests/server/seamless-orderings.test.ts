import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';
import { gameBets } from '../../src/server/areas/games/seamless/seamless.schema.ts';
import { seamlessPaths, type AuthenticateReply } from '../../src/contract/seamless.ts';
import { testSite } from '../support/server.ts';
import { addProvider, launch, player, signedCall, signedRaw, uid } from '../support/seamless.ts';

/**
 * The seamless wallet's ordering rules (src/server/areas/games/README.md, the route
 * descriptions of /docs), held against a reference model over EVERY sequence of four calls on one bet of a
 * round, each call one of: the bet, a win of 0, a positive win (a second one: a win again with
 * a new transaction id), a rollback of the bet (before the bet: a tombstone), an end of the
 * round, or a retry of an earlier call of the sequence (same transaction id and body; the bet
 * sent again is its retry). Every shorter sequence is a prefix of these and is checked at each
 * step: the reply (status, code, balance, whether money moved; a retry of an answered call: the
 * first reply byte for byte) and, at the end, the bet's status. One database; each sequence its
 * own round and ids.
 */
const site = testSite();
const db = (): Db => site.database.db;

const letters = ['bet', 'win0', 'win', 'rollback', 'endRound'] as const;
type Letter = (typeof letters)[number];
/** A new call, or a retry of the sequence's `retry`-th distinct call. */
type Step = { letter: Letter } | { retry: number };
const length = 4;
const stake = 1_000n;
const winAmount = 2_500n;

/**
 * Every sequence of `length` steps, each a new call or a retry of a call made before; the same
 * sequence is not made twice (a retry of a retry is a retry of the call, the bet sent again a
 * retry of the bet).
 */
function* sequences(prefix: Step[] = [], made: Letter[] = []): Generator<Step[]> {
  if (prefix.length === length) {
    yield prefix;
    return;
  }
  for (const letter of letters) {
    if (letter === 'bet' && made.includes('bet')) continue;
    yield* sequences([...prefix, { letter }], [...made, letter]);
  }
  for (let k = 0; k < made.length; k++) yield* sequences([...prefix, { retry: k }], made);
}
const nameOf = (steps: Step[]) =>
  steps.map((step) => ('retry' in step ? `retry(${step.retry})` : step.letter)).join(', ');

type Session = { sessionToken: string; playerId: string };
type Call = { letter: Letter; path: string; transactionId: string; body: object };

function callOf(letter: Letter, session: Session, roundId: string, betId: string): Call {
  const round = { ...session, roundId };
  const on = (transactionId: string, path: string, body: object): Call => ({
    letter,
    path,
    transactionId,
    body: { ...round, transactionId, ...body },
  });
  const win = (amount: bigint) =>
    on(uid('win'), seamlessPaths.win, {
      betTransactionId: betId,
      gameCode: 'slot-1',
      amount: amount.toString(),
      currency: 'INR',
    });
  switch (letter) {
    case 'bet':
      return on(betId, seamlessPaths.bet, {
        gameCode: 'slot-1',
        amount: stake.toString(),
        currency: 'INR',
      });
    case 'win0':
      return win(0n);
    case 'win':
      return win(winAmount);
    case 'rollback':
      return on(uid('rb'), seamlessPaths.rollback, { betTransactionId: betId });
    case 'endRound':
      return on(uid('end'), seamlessPaths.endRound, {});
  }
}

type BetState = 'none' | 'open' | 'settled' | 'rolled_back';
type Expected =
  | { replay: true }
  | { status: 200; balance: bigint; posted: boolean }
  | { status: number; code: string; balance: bigint };

/** The rules, as a model: one bet of one round, the player's balance (kept across sequences). */
class Model {
  bet: BetState = 'none';
  tombstone = false;
  readonly answered = new Set<string>();
  balance: bigint;
  constructor(balance: bigint) {
    this.balance = balance;
  }

  newRound() {
    this.bet = 'none';
    this.tombstone = false;
  }

  apply(call: Call): Expected {
    // A call answered before answers its first reply again; a refused one is decided anew.
    if (this.answered.has(call.transactionId)) return { replay: true };
    const refused = (status: number, code: string): Expected => ({
      status,
      code,
      balance: this.balance,
    });
    const ok = (credit: bigint): Expected => {
      this.answered.add(call.transactionId);
      this.balance += credit;
      return { status: 200, balance: this.balance, posted: credit !== 0n };
    };
    switch (call.letter) {
      case 'bet':
        if (this.tombstone) return refused(409, 'seamless_bet_rolled_back');
        this.bet = 'open';
        return ok(-stake);
      case 'win0':
      case 'win':
        if (this.bet === 'none') return refused(404, 'seamless_bet_not_found');
        if (this.bet === 'rolled_back') return refused(409, 'seamless_bet_rolled_back');
        if (this.bet === 'settled') return refused(409, 'seamless_bet_settled');
        this.bet = 'settled';
        return ok(call.letter === 'win' ? winAmount : 0n);
      case 'rollback':
        if (this.bet === 'settled') return refused(409, 'seamless_bet_settled');
        if (this.bet === 'none') {
          this.tombstone = true;
          return ok(0n);
        }
        if (this.bet === 'rolled_back') return ok(0n);
        this.bet = 'rolled_back';
        return ok(stake);
      case 'endRound':
        if (this.bet === 'open') this.bet = 'settled';
        return ok(0n);
    }
  }
}

/** A player of its own (its balance is the model's), with the provider's session. */
async function lane(provider: { code: string; secret: string; vassalage: string }) {
  const credit = 1_000_000n;
  const { member, headers } = await player(site.app, db(), credit);
  const { launchToken } = await launch(site.app, headers, provider.vassalage);
  const auth = await signedCall<AuthenticateReply>(site.app, provider, seamlessPaths.authenticate, {
    launchToken,
  });
  expect(auth.status).toBe(200);
  const session = {
    sessionToken: auth.body.value?.sessionToken ?? '',
    playerId: String(member.id),
  };
  return { session, model: new Model(credit) };
}

describe('the seamless ordering rules, every sequence of up to four calls on one bet', () => {
  it('answers each call as the model of the rules does', { timeout: 1_200_000 }, async () => {
    const provider = await addProvider(site.app, {}, db());
    const all = [...sequences()];
    expect(all).toHaveLength(1357);
    // Players side by side (PostgreSQL runs them at once; each has its own wallet and model).
    const lanes = await Promise.all([1, 2, 3, 4].map(() => lane(provider)));
    const failures: string[] = [];
    await Promise.all(
      lanes.map(async ({ session, model }, index) => {
        for (let n = index; n < all.length && failures.length === 0; n += lanes.length) {
          const steps = all[n] ?? [];
          const failure = await runSequence(provider, session, model, steps);
          if (failure) failures.push(`${nameOf(steps)}: ${failure}`);
        }
      }),
    );
    expect(failures).toEqual([]);
  });
});

/** Runs one sequence on a new round; the first difference from the model, or null. */
async function runSequence(
  provider: { code: string; secret: string },
  session: Session,
  model: Model,
  steps: Step[],
): Promise<string | null> {
  model.newRound();
  const roundId = uid('round');
  const betId = uid('bet');
  const made: Call[] = [];
  const firstReply = new Map<string, string>();
  for (const [index, step] of steps.entries()) {
    const call =
      'retry' in step ? (made[step.retry] as Call) : callOf(step.letter, session, roundId, betId);
    if (!('retry' in step)) made.push(call);
    const expected = model.apply(call);
    const { status, raw } = await signedRaw(site.app, provider, call.path, call.body);
    const at = `step ${index}`;
    if ('replay' in expected) {
      if (raw !== firstReply.get(call.transactionId)) {
        return `${at}: replay ${raw}, first ${firstReply.get(call.transactionId)}`;
      }
      continue;
    }
    const reply = JSON.parse(raw) as {
      success: boolean;
      code?: string;
      value?: { balance: string | null; postingId?: string | null };
    };
    const seen = {
      status,
      code: reply.code,
      balance: reply.value?.balance,
      ...(status === 200 ? { posted: typeof reply.value?.postingId === 'string' } : {}),
    };
    const wanted = {
      status: expected.status,
      code: 'code' in expected ? expected.code : undefined,
      balance: expected.balance.toString(),
      ...('posted' in expected ? { posted: expected.posted } : {}),
    };
    if (JSON.stringify(seen) !== JSON.stringify(wanted)) {
      return `${at}: got ${JSON.stringify(seen)}, the rules say ${JSON.stringify(wanted)}`;
    }
    if (status === 200) firstReply.set(call.transactionId, raw);
  }
  const [row] = await db()
    .select({ status: gameBets.status })
    .from(gameBets)
    .where(and(eq(gameBets.providerCode, provider.code), eq(gameBets.transactionId, betId)));
  const status = row?.status ?? 'none';
  return status === model.bet ? null : `the bet is ${status}, the rules say ${model.bet}`;
}
