// zod/mini: the built-in games' frame page reads these replies and carries no zod classic.
import * as z from 'zod/mini';
import { languages } from './constants.ts';
import { builtinGameIds } from './builtin-games/verify.ts';
import { crashMaxTarget, crashMinTarget } from './builtin-games/crash.ts';
import { diceFaces } from './builtin-games/dice.ts';

/**
 * The built-in game provider's own API, which its game pages call (issue 13 point 6). The
 * provider is served by our server but reaches the wallet only through the signed seamless
 * wallet API (src/contract/seamless.ts), as an outside provider would: its session is its own
 * (from the launch token), its bets and wins are seamless calls.
 */
export const builtinGamesPaths = {
  /** The game page (HTML); the launch URL is `/builtin/{game}?token=...&lang=...`. */
  page: '/builtin/:game',
  /** POST: the launch token for a provider session (authenticates with the wallet). */
  session: '/builtin-games/api/session',
  /** GET (provider session): balance, seeds and the latest rounds. */
  state: '/builtin-games/api/state',
  /** POST (provider session): play one round. */
  play: '/builtin-games/api/play',
  /**
   * POST (provider session): reveal the server seed in use; the next server seed (its hash shown
   * before) starts a pair with the client seed given (nonce 0), and a new next one is committed.
   */
  rotateSeeds: '/builtin-games/api/seeds/rotate',
} as const;

/** The provider's code in the seamless wallet API. */
export const builtinProviderCode = 'BUILTIN';
export const builtinGameIdSchema = z.enum(builtinGameIds);
const minorSchema = z.string().check(z.regex(/^\d{1,18}$/, 'integer minor units'));
/** A stake: 1 to 10^10 minor units. */
export const builtinStakeSchema = z.string().check(
  z.regex(/^[1-9]\d{0,10}$/, 'integer minor units'),
  z.refine((text) => Number(text) <= 10_000_000_000, 'at most 10^10'),
);
const clientSeedSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(64), z.regex(/^[\x21-\x7e]+$/, 'printable, no spaces'));

export const builtinSessionBodySchema = z.object({
  launchToken: z.string().check(z.minLength(16), z.maxLength(200)),
});

const seedHashSchema = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'SHA-256 in lowercase hex'));

export const builtinSeedsSchema = z.object({
  serverSeedHash: z.string(),
  /**
   * The hash of the server seed the next rotation puts in use, committed before the player
   * chooses the client seed that goes with it.
   */
  nextServerSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce of the next round. */
  nonce: z.number(),
  /** The last pair, revealed by the last rotation (null before one). */
  previous: z.nullable(
    z.object({
      serverSeed: z.string(),
      serverSeedHash: z.string(),
      clientSeed: z.string(),
      /** Rounds played with it (nonces 0..nonce-1). */
      nonce: z.number(),
    }),
  ),
});
export type BuiltinSeeds = z.infer<typeof builtinSeedsSchema>;

const diceBetSchema = z.object({
  direction: z.enum(['under', 'over']),
  target: z.number().check(z.int(), z.minimum(0), z.maximum(diceFaces - 1)),
});
const crashBetSchema = z.object({
  target: z.number().check(z.int(), z.minimum(crashMinTarget), z.maximum(crashMaxTarget)),
});

export const builtinPlayBodySchema = z.discriminatedUnion('game', [
  z.object({ game: z.literal('slot'), stake: builtinStakeSchema }),
  z.object({ game: z.literal('dice'), stake: builtinStakeSchema, bet: diceBetSchema }),
  z.object({ game: z.literal('crash'), stake: builtinStakeSchema, bet: crashBetSchema }),
]);
export type BuiltinPlayBody = z.infer<typeof builtinPlayBodySchema>;

export const builtinRotateBodySchema = z.object({
  clientSeed: z.optional(clientSeedSchema),
  /** The next server seed hash the player saw: refused (409 builtin_seeds_changed) if not it. */
  nextServerSeedHash: z.optional(seedHashSchema),
});

/** One played round, with what the verifier needs (the seed is revealed after rotation). */
export const builtinRoundSchema = z.object({
  roundId: z.string(),
  game: builtinGameIdSchema,
  stake: minorSchema,
  win: minorSchema,
  /** The bet's options (dice direction and target, crash target); null for the slot. */
  bet: z.nullable(z.record(z.string(), z.unknown())),
  /** The outcome (roll, crash point, reels and line wins) and its multiplier. */
  result: z.record(z.string(), z.unknown()),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number(),
  playedAt: z.string(),
  /** A free round (points mall): the stake was the grant's, nothing was debited. */
  free: z.optional(z.boolean()),
});
export type BuiltinRoundView = z.infer<typeof builtinRoundSchema>;

/** The player's free rounds in this game (points mall grants): how many, the stake of the next. */
export const builtinFreeRoundsSchema = z.object({
  roundsLeft: z.number(),
  /** Minor units; '0' when none are left. */
  stake: minorSchema,
});
export type BuiltinFreeRounds = z.infer<typeof builtinFreeRoundsSchema>;

export const builtinStateSchema = z.object({
  playerId: z.string(),
  nickname: z.string(),
  currency: z.string(),
  language: z.enum(languages),
  game: builtinGameIdSchema,
  /** Minor units, from the wallet. */
  balance: minorSchema,
  seeds: builtinSeedsSchema,
  history: z.array(builtinRoundSchema),
  /** While rounds are left, a play uses one (its stake the grant's, the stake chosen unused). */
  freeRounds: z.optional(builtinFreeRoundsSchema),
});
export type BuiltinState = z.infer<typeof builtinStateSchema>;

export const builtinSessionReplySchema = z.extend(builtinStateSchema, {
  /** The provider session for the calls that follow (Authorization: Bearer). */
  sessionToken: z.string(),
});
export type BuiltinSessionReply = z.infer<typeof builtinSessionReplySchema>;

export const builtinPlayReplySchema = z.object({
  round: builtinRoundSchema,
  balance: minorSchema,
  seeds: builtinSeedsSchema,
  /** The free rounds left after this round. */
  freeRounds: z.optional(builtinFreeRoundsSchema),
});
export type BuiltinPlayReply = z.infer<typeof builtinPlayReplySchema>;
