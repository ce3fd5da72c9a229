import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';
import { sessions } from '../../src/server/platform/members/members.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { signHub88, signSeamless } from '../../src/server/areas/games/seamless/seamless.service.ts';
import {
  launchPaths,
  seamlessHeaders,
  seamlessOpsPaths,
  seamlessPaths,
  type AddProviderBody,
  type AuthenticateReply,
  type LaunchReply,
  type ProviderSecretReply,
} from '../../src/contract/seamless.ts';
import { walletOpsPaths } from '../../src/contract/wallet.ts';
import { games } from '../../src/server/areas/games/games.schema.ts';
import { call, opsHeaders } from './server.ts';
import { createMember } from './identity.ts';

let counter = 0;
export const uid = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${++counter}-${randomBytes(3).toString('hex')}`;

/** A provider added through the operator API: its code and the secret it signs with. */
/** A game of the catalog (games area's table), of `vassalage`. */
export async function catalogGame(
  db: Db,
  vassalage: string,
  overrides: Partial<typeof games.$inferInsert> = {},
) {
  const gameCode = overrides.gameCode ?? 'slot-1';
  const [row] = await db
    .insert(games)
    .values({
      vassalage,
      gameType: 'RNG',
      gameCode,
      nameHi: gameCode,
      nameEn: gameCode,
      nameBn: gameCode,
      searchText: gameCode,
      gameClassify: 'SLOT',
      displayName: gameCode,
      minBet: 1n,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('game not made');
  return row;
}

/** A provider added through the operator API (and a catalog game of its vendor, slot-1). */
export async function addProvider(
  app: FastifyInstance,
  overrides: Partial<AddProviderBody> = {},
  db?: Db,
): Promise<{ code: string; secret: string; vassalage: string }> {
  const code = overrides.code ?? `P${randomBytes(4).toString('hex').toUpperCase()}`;
  const vassalage = overrides.vassalages?.[0] ?? `V${code}`;
  const reply = await call<ProviderSecretReply>(app, {
    method: 'POST',
    url: seamlessOpsPaths.providers,
    headers: opsHeaders,
    payload: {
      code,
      name: `Provider ${code}`,
      vassalages: [vassalage],
      launchUrl: 'https://games.provider.test/play?token={token}&game={game}&lang={lang}',
      ...overrides,
    },
  });
  expect(reply.status).toBe(200);
  if (db) await catalogGame(db, vassalage);
  return { code, secret: reply.body.value?.secret ?? '', vassalage };
}

/** A player with a live site session and `credit` minor units in the main wallet. */
export async function player(app: FastifyInstance, db: Db, credit = 100_000n, type = 0) {
  const { member } = await createMember(db, { type });
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    memberId: member.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  if (credit > 0n) {
    const reply = await call(app, {
      method: 'POST',
      url: walletOpsPaths.adjustment,
      headers: opsHeaders,
      payload: {
        memberId: member.id,
        amount: credit.toString(),
        reason: 'test credit',
        idempotencyKey: uid('adj'),
      },
    });
    expect(reply.status).toBe(200);
  }
  return { member, headers: { authorization: `Bearer ${token}` } };
}

type SignOptions = { timestamp?: number; signature?: string; raw?: string };

/** A signed call of ours as inject options, as a provider sends it. */
function signedRequest(
  provider: { code: string; secret: string },
  path: string,
  body: unknown,
  options: SignOptions,
): InjectOptions {
  const raw = options.raw ?? JSON.stringify(body);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  return {
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      [seamlessHeaders.provider]: provider.code,
      [seamlessHeaders.timestamp]: timestamp,
      [seamlessHeaders.signature]:
        options.signature ?? signSeamless(provider.secret, timestamp, raw),
    },
    payload: raw,
  };
}

/** A signed call of ours, as a provider sends it. */
export function signedCall<T = unknown>(
  app: FastifyInstance,
  provider: { code: string; secret: string },
  path: string,
  body: unknown,
  options: SignOptions = {},
) {
  return call<T>(app, signedRequest(provider, path, body, options));
}

/** A signed call of ours: its status and the reply's bytes as sent. */
export async function signedRaw(
  app: FastifyInstance,
  provider: { code: string; secret: string },
  path: string,
  body: unknown,
  options: SignOptions = {},
) {
  const reply = await app.inject(signedRequest(provider, path, body, options));
  return { status: reply.statusCode, raw: reply.payload };
}

/** A Hub88-shaped call, signed as that shape signs. */
export function hub88Call(
  app: FastifyInstance,
  provider: { code: string; secret: string },
  path: string,
  body: unknown,
) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: path.replace(':provider', provider.code),
    headers: {
      'content-type': 'application/json',
      [seamlessHeaders.hub88Signature]: signHub88(provider.secret, raw),
    },
    payload: raw,
  });
}

/** Launches a game of the provider's vendor and returns the launch token from its URL. */
export async function launch(
  app: FastifyInstance,
  headers: Record<string, string>,
  vassalage: string,
  gameCode = 'slot-1',
) {
  const reply = await call<LaunchReply>(app, {
    url: `${launchPaths.launchGame}?gameCode=${gameCode}&vassalage=${vassalage}`,
    headers,
  });
  expect(reply.status).toBe(200);
  const url = new URL(reply.body.value?.url ?? '');
  return { launchToken: url.searchParams.get('token') ?? '', reply: reply.body.value };
}

/** Launch and authenticate: the provider's player session. */
export async function playerSession(
  app: FastifyInstance,
  provider: { code: string; secret: string; vassalage: string },
  headers: Record<string, string>,
) {
  const { launchToken } = await launch(app, headers, provider.vassalage);
  const reply = await signedCall<AuthenticateReply>(app, provider, seamlessPaths.authenticate, {
    launchToken,
  });
  expect(reply.status).toBe(200);
  const value = reply.body.value;
  if (!value) throw new Error('no session');
  return { sessionToken: value.sessionToken, playerId: value.playerId };
}

/**
 * A free round grant of `rounds` rounds at `stake` in `gameCode` for the member, as a released
 * free spins redemption of the points mall leaves it (its item and redemption rows with it).
 */
export async function freeRoundGrant(
  db: Db,
  memberId: number,
  gameCode: string,
  rounds: number,
  stake: bigint,
): Promise<string> {
  const result = (await db.execute(sql`
    WITH item AS (
      INSERT INTO points_items (kind, name_hi, name_en, name_bn, cost, free_spins, game_code,
        spin_stake)
      VALUES ('free_spins', 'फ्री स्पिन', 'Free spins', 'ফ্রি স্পিন', 10, ${rounds}, ${gameCode},
        ${stake})
      RETURNING id
    ), redemption AS (
      INSERT INTO points_redemptions (member_id, item_id, cost, state, idempotency_key,
        released_at)
      SELECT ${memberId}, id, 10, 'released', ${uid('redeem')}, now() FROM item
      RETURNING id
    )
    INSERT INTO free_round_grants (member_id, game_code, rounds_total, rounds_left, stake,
      redemption_id)
    SELECT ${memberId}, ${gameCode}, ${rounds}, ${rounds}, ${stake}, id FROM redemption
    RETURNING id::text AS id`)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) throw new Error('grant not made');
  return id;
}
