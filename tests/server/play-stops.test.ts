import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { agentPaths } from '../../src/contract/agent.ts';
import { builtinGamesPaths, type BuiltinSessionReply } from '../../src/contract/builtin-games.ts';
import { depositPaths, type PaymentChannel } from '../../src/contract/deposit.ts';
import { identityPaths } from '../../src/contract/identity.ts';
import { lotteryPaths } from '../../src/contract/lottery.ts';
import { recordsOpsPaths, recordsPaths } from '../../src/contract/records.ts';
import { launchPaths, type LaunchReply } from '../../src/contract/seamless.ts';
import { walletOpsPaths } from '../../src/contract/wallet.ts';
import { withdrawPaths, type BankAccount } from '../../src/contract/withdrawal.ts';
import { memberStatusPaths } from '../../src/contract/identity.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { hashMemberPassword } from '../../src/server/platform/members/member-password.ts';
import { members, sessions } from '../../src/server/platform/members/members.schema.ts';
import { lotteryDraws, lotteryGames } from '../../src/server/areas/lottery/lottery.schema.ts';
import { defaultGameConfig } from '../../src/server/areas/lottery/lottery.seed-steps.ts';
import { ledgerEntries, wallets } from '../../src/server/areas/wallet/ledger.schema.ts';
import { call, manualClock, opsHeaders, testSite } from '../support/server.ts';
import {
  encryptFor,
  freshIp,
  identityDriver,
  registration,
  type IdentityClient,
} from '../support/identity.ts';
import { addProvider, catalogGame } from '../support/seamless.ts';
import { rowCounts } from '../support/row-counts.ts';
import {
  operationsOf,
  prng,
  resolve,
  sample,
  type OpenApiDocument,
  type Operation,
} from '../support/openapi-values.ts';

/**
 * The states that stop play (issue 33: maintenance, a disabled member), walked over EVERY
 * player operation of the route table (the OpenAPI document), not a hand-picked list: each is
 * called with a valid request (a fixture for the routes that make a session or move money, else
 * a value built from its schemas) and the tables are counted around the call.
 *
 * - Outside maintenance, every operation that writes a session, an account or a money row is
 *   one that declares the maintenance stop (its document lists the 503 system_maintenance):
 *   a new money route that forgets the declaration fails here.
 * - In maintenance, every declared operation answers 503 system_maintenance and writes no row
 *   at all; no other player operation writes a session, account or money row.
 * - A disabled member's old token, a fresh login and a remember-me login move nothing.
 */

// A frozen clock: sessions, launch tokens and draws stay as made while the walk runs; the
// settlement test moves it.
const clock = manualClock(new Date());
const site = testSite({ SESSION_IDLE_MINUTES: '1440' }, { clock: clock.now });
const db = () => site.database.db;
const identity = identityDriver(() => site.app, db);

/** The rows a stopped state must not write: sessions, accounts, money, bets, orders, claims. */
const stopTables = [
  'members',
  'sessions',
  'remembered_devices',
  'social_login_tickets',
  'ledger_postings',
  'ledger_entries',
  'game_sessions',
  'game_bets',
  'seamless_transactions',
  'builtin_game_sessions',
  'builtin_game_rounds',
  'lottery_bets',
  'deposit_orders',
  'withdrawals',
  'points_redemptions',
  'promotion_claims',
  'mission_claims',
  'referral_rewards',
];

/** The operations of the players (not the operator's, nor the provider-facing APIs). */
const isPlayerPath = (path: string) =>
  !path.startsWith('/ops/') &&
  !path.startsWith('/wps/seamless/') &&
  !path.startsWith('/sandbox/') &&
  !path.startsWith('/wps/dev/') &&
  path !== '/wps/payment/webhook';

const PASSWORD = 'walk-secret-1';
const PAY = '135790';
const vendor = 'AURALIVE';
const hashes = { password: '', pay: '' };
let top: { affiliateCode: string };
let document: OpenApiDocument;
let lobbyVendor = '';

type Player = {
  id: number;
  username: string;
  headers: { authorization: string };
  remoteAddress: string;
};

let serial = 0;
const fresh = (prefix: string) => `${prefix}${Date.now().toString(36)}${++serial}`;
const key = () => `k-${randomBytes(8).toString('hex')}`;

/** A sub-agent (type 2) under the top agent: it plays, pays in and out, and has a team. */
async function newPlayer(): Promise<Player> {
  const username = fresh('walk');
  const [member] = await db()
    .insert(members)
    .values({
      username,
      nickname: username,
      type: 2,
      affiliateCode: `W${Date.now().toString(36).toUpperCase()}${serial}`,
      uplineAffiliateCode: top.affiliateCode,
      passwordHash: hashes.password,
      paymentPasswordHash: hashes.pay,
    })
    .returning();
  if (!member) throw new Error('member not made');
  const token = randomBytes(32).toString('base64url');
  await db()
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      memberId: member.id,
      expiresAt: new Date(clock.now().getTime() + 86_400_000),
      lastSeenAt: clock.now(),
    });
  return {
    id: member.id,
    username,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: freshIp(),
  };
}

async function ops(method: 'POST' | 'PUT', url: string, payload: object) {
  const reply = await call(site.app, {
    method,
    url,
    headers: opsHeaders,
    remoteAddress: freshIp(),
    payload,
  });
  expect(reply.status, `${url} ${JSON.stringify(reply.body)}`).toBe(200);
  return reply;
}

const fund = (player: Player, amount = 1_000_000n) =>
  ops('POST', walletOpsPaths.adjustment, {
    memberId: player.id,
    amount: amount.toString(),
    reason: 'walk credit',
    idempotencyKey: key(),
  });

const setMaintenance = (enabled: boolean) =>
  ops('PUT', '/ops/system/maintenance', {
    enabled,
    endTime: enabled ? new Date(clock.now().getTime() + 86_400_000).toISOString() : null,
  });

const disable = (player: Player) =>
  ops('POST', memberStatusPaths.disable.replace(':memberId', String(player.id)), {
    reason: 'walk',
  });

const asPlayer = (player: Player, request: InjectOptions): InjectOptions => ({
  remoteAddress: player.remoteAddress,
  ...request,
  headers: { ...player.headers, 'accept-language': 'en', ...request.headers },
});
const encrypted = async (payload: unknown) => ({ enc: await encryptFor(site.app, payload) });

async function launchToken(player: Player, gameCode = 'dice') {
  const reply = await call<LaunchReply>(
    site.app,
    asPlayer(player, { url: `${launchPaths.launchGame}?gameCode=${gameCode}&vassalage=BUILTIN` }),
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return new URL(reply.body.value?.url ?? '', 'http://site.test').searchParams.get('token') ?? '';
}

/** A draw of a game of its own, open for an hour of the frozen clock. */
async function openDraw() {
  const gameId = `WK${++serial}_${randomBytes(2).toString('hex').toUpperCase()}`;
  const numero = `2026${String(serial).padStart(6, '0')}`;
  await db()
    .insert(lotteryGames)
    .values({
      gameId,
      names: { hi: `वॉक ${serial}`, en: `Walk ${serial}`, bn: `ওয়াক ${serial}` },
      region: 'north',
      menuTag: 'NORTH',
      layout: 'north27',
      schedule: '15 18 * * *',
      timeZone: 'Asia/Ho_Chi_Minh',
      drawDayOfWeek: '1,2,3,4,5,6,7',
      lockSeconds: 60,
      source: 'feed',
      config: defaultGameConfig,
    });
  const now = clock.now().getTime();
  await db()
    .insert(lotteryDraws)
    .values({
      gameId,
      numero,
      opensAt: new Date(now - 3_600_000),
      locksAt: new Date(now + 3_600_000),
      drawsAt: new Date(now + 3_660_000),
      state: 'open',
    });
  return { gameId, numero };
}

type Fixture = (player: Player) => Promise<InjectOptions>;

/**
 * A request that succeeds outside maintenance, for each operation that makes a session or an
 * account or moves money; made ready (setup included) before the state under test begins.
 */
const fixtures: Record<string, Fixture> = {
  [`POST ${identityPaths.login}`]: async (player) => ({
    method: 'POST',
    url: identityPaths.login,
    remoteAddress: freshIp(),
    payload: await encrypted({ type: 'username', username: player.username, password: PASSWORD }),
  }),
  [`POST ${identityPaths.loginRemembered}`]: async (player) => {
    const login = await site.app.inject({
      method: 'POST',
      url: identityPaths.login,
      remoteAddress: freshIp(),
      payload: await encrypted({
        type: 'username',
        username: player.username,
        password: PASSWORD,
        rememberMe: true,
      }),
    });
    const cookie = login.cookies.find((c) => c.name === 'rmb');
    expect(cookie, login.body).toBeDefined();
    return {
      method: 'POST',
      url: identityPaths.loginRemembered,
      remoteAddress: freshIp(),
      headers: { cookie: `rmb=${cookie?.value ?? ''}` },
    };
  },
  [`POST ${identityPaths.freePlay}`]: async () => ({
    method: 'POST',
    url: identityPaths.freePlay,
    remoteAddress: freshIp(),
    payload: { os: 'Linux', platform: 'W', gatewayVersion: 3, ...(await encrypted('r4nd0m')) },
  }),
  [`PUT ${identityPaths.register}`]: async () => {
    const client: IdentityClient = { ip: freshIp() };
    const form = registration();
    // The seeded rules ask the mobile number's SMS code (REGMOBVERF3) and a captcha.
    const verificationCode = await identity.smsCode(client, String(form.mobileNum));
    const captcha = await identity.solveCaptcha(client);
    return {
      method: 'PUT',
      url: identityPaths.register,
      remoteAddress: client.ip,
      headers: { cookie: `cid=${client.cid ?? ''}` },
      payload: await encrypted({ ...form, captcha, verificationCode }),
    };
  },
  [`GET ${launchPaths.launchGame}`]: async (player) =>
    asPlayer(player, { url: `${launchPaths.launchGame}?gameCode=dice&vassalage=BUILTIN` }),
  [`GET ${launchPaths.gameLaunchFB}`]: async (player) =>
    asPlayer(player, { url: `${launchPaths.gameLaunchFB}?vassalage=${lobbyVendor}` }),
  [`POST ${builtinGamesPaths.session}`]: async (player) => ({
    method: 'POST',
    url: builtinGamesPaths.session,
    remoteAddress: freshIp(),
    payload: { launchToken: await launchToken(player) },
  }),
  [`POST ${builtinGamesPaths.play}`]: async (player) => {
    await fund(player);
    const opened = await call<BuiltinSessionReply>(site.app, {
      method: 'POST',
      url: builtinGamesPaths.session,
      remoteAddress: freshIp(),
      payload: { launchToken: await launchToken(player) },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    return {
      method: 'POST',
      url: builtinGamesPaths.play,
      remoteAddress: freshIp(),
      headers: { authorization: `Bearer ${opened.body.value?.sessionToken ?? ''}` },
      payload: { game: 'dice', stake: '1000', bet: { direction: 'under', target: 5000 } },
    };
  },
  [`POST ${lotteryPaths.bets}`]: async (player) => {
    await fund(player);
    return asPlayer(player, {
      method: 'POST',
      url: lotteryPaths.bets,
      payload: {
        ...(await openDraw()),
        bets: [{ betType: 'de', selections: ['05'], unitAmount: '1000' }],
        idempotencyKey: key(),
      },
    });
  },
  [`POST ${depositPaths.orders}`]: async (player) => {
    const channels = await call<{ channels: PaymentChannel[] }>(
      site.app,
      asPlayer(player, { url: depositPaths.channels }),
    );
    const channel = channels.body.value?.channels.find((c) => c.kind === 'manual');
    expect(channel, JSON.stringify(channels.body)).toBeDefined();
    return asPlayer(player, {
      method: 'POST',
      url: depositPaths.orders,
      payload: { channelId: channel?.id, amount: '50000', idempotencyKey: key() },
    });
  },
  [`POST ${withdrawPaths.requests}`]: async (player) => {
    await fund(player);
    const account = await call<BankAccount>(
      site.app,
      asPlayer(player, {
        method: 'POST',
        url: withdrawPaths.bankAccounts,
        payload: {
          bankName: 'State Bank',
          accountHolder: 'Asha Rao',
          accountNumber: `1234 5678 ${String(1000 + serial).slice(-4)}`,
          ifsc: 'SBIN0001234',
        },
      }),
    );
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    return asPlayer(player, {
      method: 'POST',
      url: withdrawPaths.requests,
      payload: await encrypted({
        bankAccountId: account.body.value?.id,
        amount: '10000',
        paymentPassword: PAY,
        idempotencyKey: key(),
      }),
    });
  },
  [`POST ${recordsPaths.walletTransfer}`]: async (player) => {
    await fund(player);
    return asPlayer(player, {
      method: 'POST',
      url: recordsPaths.walletTransfer,
      payload: { from: 'main', to: vendor, amount: '1000', idempotencyKey: key() },
    });
  },
  [`POST ${recordsPaths.consolidatedFunds}`]: async (player) => {
    await fund(player);
    const moved = await call(
      site.app,
      asPlayer(player, {
        method: 'POST',
        url: recordsPaths.walletTransfer,
        payload: { from: 'main', to: vendor, amount: '1000', idempotencyKey: key() },
      }),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    return asPlayer(player, {
      method: 'POST',
      url: recordsPaths.consolidatedFunds,
      payload: { idempotencyKey: key() },
    });
  },
  [`POST ${recordsPaths.transferUpline}`]: async (player) => {
    await fund(player);
    return asPlayer(player, {
      method: 'POST',
      url: recordsPaths.transferUpline,
      payload: { amount: '1000', paymentPassword: PAY, idempotencyKey: key() },
    });
  },
  [`POST ${agentPaths.transferDownline}`]: async (player) => {
    await fund(player);
    const downline = fresh('down');
    await db()
      .insert(members)
      .values({
        username: downline,
        nickname: downline,
        uplineAffiliateCode: await codeOf(player),
      });
    return asPlayer(player, {
      method: 'POST',
      url: agentPaths.transferDownline,
      payload: { downline, amount: '1000', paymentPassword: PAY, idempotencyKey: key() },
    });
  },
  [`POST ${agentPaths.registerDownline}`]: async (player) =>
    asPlayer(player, {
      method: 'POST',
      url: agentPaths.registerDownline,
      payload: await encrypted({
        username: fresh('reg'),
        password: 'start1234',
        accountType: 'player',
      }),
    }),
};

async function codeOf(player: Player): Promise<string> {
  const [row] = await db()
    .select({ code: members.affiliateCode })
    .from(members)
    .where(eq(members.id, player.id));
  return row?.code ?? '';
}

/** The document path with its parameters filled, as a request URL. */
function urlOf(path: string, operation: Operation, rng: ReturnType<typeof prng>) {
  let url = path;
  const query: string[] = [];
  const headers: Record<string, string> = {};
  for (const parameter of operation.parameters ?? []) {
    const text = encodeURIComponent(String(sample(document, parameter.schema, rng)));
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, text || '1');
    else if (parameter.in === 'query' && parameter.required)
      query.push(`${parameter.name}=${text}`);
    else if (parameter.in === 'header' && parameter.required) headers[parameter.name] = text;
  }
  return { url: query.length ? `${url}?${query.join('&')}` : url, headers };
}

const needsMember = (operation: Operation) =>
  operation.security?.some((scheme) => 'bearer' in scheme) ?? false;

/** The fixture's request, else one built from the operation's schemas (as the player). */
async function requestFor(
  op: { key: string; method: string; path: string; operation: Operation },
  player: Player,
  rng: ReturnType<typeof prng>,
): Promise<InjectOptions> {
  const fixture = fixtures[op.key];
  if (fixture) return fixture(player);
  const { url, headers } = urlOf(op.path, op.operation, rng);
  const bodySchema = resolve(
    document,
    op.operation.requestBody?.content?.['application/json']?.schema,
  );
  let payload: unknown;
  if (op.operation.requestBody?.content?.['application/json']) {
    payload = sample(document, bodySchema, rng);
    const enc = bodySchema['x-enc-payload'];
    if (enc) payload = { ...(payload as object), ...(await encrypted(sample(document, enc, rng))) };
  }
  return {
    method: op.method as InjectOptions['method'],
    url,
    remoteAddress: freshIp(),
    headers: {
      'accept-language': 'en',
      ...headers,
      ...(needsMember(op.operation) ? player.headers : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  };
}

/** The tables whose row count a call changed. */
const changed = (before: Record<string, number>, after: Record<string, number>) =>
  Object.keys(after).filter((table) => after[table] !== before[table]);

async function counted(request: InjectOptions) {
  const before = await rowCounts(db());
  const reply = await site.app.inject({
    ...request,
    headers: { 'accept-language': 'en', ...request.headers },
  });
  const after = await rowCounts(db());
  return { reply, written: changed(before, after) };
}

const declaresStop = (operation: Operation) =>
  operation.responses?.['503']?.description?.startsWith('system_maintenance') === true;

const codeOfReply = (reply: LightMyRequestResponse) => {
  try {
    return (JSON.parse(reply.body) as { code?: string }).code;
  } catch {
    return undefined;
  }
};

function playerOperations() {
  const all = operationsOf(document).filter((op) => isPlayerPath(op.path));
  // Every fixture names an operation of the document (a renamed path fails here).
  for (const name of Object.keys(fixtures)) {
    expect(all.map((op) => op.key)).toContain(name.replace(/:(\w+)/g, '{$1}'));
  }
  return all;
}

beforeAll(async () => {
  await site.app.listen({ port: 0, host: '127.0.0.1' });
  hashes.password = await hashMemberPassword(PASSWORD);
  hashes.pay = await hashMemberPassword(PAY);
  const code = `WTOP${randomBytes(3).toString('hex').toUpperCase()}`;
  await db()
    .insert(members)
    .values({ username: fresh('top'), type: 1, affiliateCode: code });
  top = { affiliateCode: code };
  document = (await site.app.inject({ url: '/docs/json' })).json() as OpenApiDocument;
  // Game wallets of their own (transfers between main and a vendor's wallet).
  await ops('PUT', recordsOpsPaths.merchantWallet, { isSingle: false });
  // A vendor with a lobby game (the FB-style vendor launch).
  const provider = await addProvider(site.app);
  lobbyVendor = provider.vassalage;
  await catalogGame(db(), lobbyVendor, { gameCode: 'lobby', gameType: 'SPORTS' });
});

describe('maintenance stops every session and money route of the route table', () => {
  it(
    'outside maintenance: every operation that writes a session, account or money row declares the stop',
    { timeout: 300_000 },
    async () => {
      const rng = prng(33_0001);
      const writers: string[] = [];
      const undeclaredWriters: string[] = [];
      const failedFixtures: string[] = [];
      for (const op of playerOperations()) {
        const player = await newPlayer();
        const { reply, written } = await counted(await requestFor(op, player, rng));
        if (fixtures[op.key] && reply.statusCode >= 300) {
          failedFixtures.push(`${op.key}: ${reply.statusCode} ${reply.body.slice(0, 160)}`);
        }
        const money = written.filter((table) => stopTables.includes(table));
        if (money.length === 0) continue;
        writers.push(op.key);
        if (!declaresStop(op.operation)) undeclaredWriters.push(`${op.key} wrote ${money}`);
      }
      // The fixtures are valid requests: each made its session or moved its money.
      expect(failedFixtures).toEqual([]);
      expect(writers).toEqual(expect.arrayContaining(Object.keys(fixtures)));
      expect(undeclaredWriters).toEqual([]);
    },
  );

  it(
    'in maintenance: declared operations answer 503 system_maintenance and write nothing; no other writes a session or money row',
    { timeout: 300_000 },
    async () => {
      const rng = prng(33_0002);
      const operations = playerOperations();
      const declared = operations.filter((op) => declaresStop(op.operation));
      // The sessions (logins, registration, social, free play), launches, bets, transfers,
      // deposits, withdrawals and claims: at least every operation with a fixture.
      expect(declared.map((op) => op.key)).toEqual(expect.arrayContaining(Object.keys(fixtures)));
      // Every request made ready (setup needs the open site), then the site closes for all.
      const prepared = [];
      for (const op of operations)
        prepared.push({ op, request: await requestFor(op, await newPlayer(), rng) });
      await setMaintenance(true);
      const problems: string[] = [];
      try {
        for (const { op, request } of prepared) {
          const { reply, written } = await counted(request);
          if (declaresStop(op.operation)) {
            const body = JSON.parse(reply.body) as { code?: string; message?: string };
            if (reply.statusCode !== 503 || body.code !== 'system_maintenance') {
              problems.push(`${op.key}: ${reply.statusCode} ${reply.body.slice(0, 120)}`);
            } else if (body.message !== 'The system is under maintenance.') {
              problems.push(`${op.key}: untranslated ${body.message}`);
            }
            if (written.length) problems.push(`${op.key}: refused but wrote ${written}`);
          } else {
            const money = written.filter((table) => stopTables.includes(table));
            if (money.length) problems.push(`${op.key} (not declared) wrote ${money}`);
            if (codeOfReply(reply) === 'system_maintenance') {
              problems.push(`${op.key}: answers system_maintenance without documenting it`);
            }
          }
        }
      } finally {
        await setMaintenance(false);
      }
      expect(problems).toEqual([]);
    },
  );

  it('in maintenance: a draw whose result came in is settled and pays its winner', async () => {
    const player = await newPlayer();
    await fund(player);
    const draw = await openDraw();
    const slip = await call(
      site.app,
      asPlayer(player, {
        method: 'POST',
        url: lotteryPaths.bets,
        payload: {
          ...draw,
          bets: [{ betType: 'de', selections: ['45'], unitAmount: '1000' }],
          idempotencyKey: key(),
        },
      }),
    );
    expect(slip.status, JSON.stringify(slip.body)).toBe(200);
    await setMaintenance(true);
    try {
      // The feed's result arrives (the special prize ends in 45), the engine's next run settles.
      const numbers = ['12345', ...Array.from({ length: 26 }, (_, i) => String(1000 + i))];
      await db().execute(sql`
        INSERT INTO lottery_results (game_id, numero, revision, numbers, source, created_at)
        VALUES (${draw.gameId}, ${draw.numero}, 1, ${JSON.stringify(numbers)}::jsonb, 'feed', now())`);
      await db().execute(sql`
        UPDATE lottery_draws SET state = 'drawn', result_revision = 1, drawn_at = now()
        WHERE game_id = ${draw.gameId} AND numero = ${draw.numero}`);
      clock.advance(3_600_000);
      await site.app.scheduler.runDue(clock.now());
      const [bet] = (
        (await db().execute(sql`
          SELECT state, win_amount::text AS win FROM lottery_bets
          WHERE game_id = ${draw.gameId} AND numero = ${draw.numero}`)) as unknown as {
          rows: { state: string; win: string }[];
        }
      ).rows;
      expect(bet?.state).toBe('won');
      expect(BigInt(bet?.win ?? '0')).toBeGreaterThan(0n);
      const wins = await db()
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
        .where(and(eq(wallets.memberId, player.id), eq(ledgerEntries.kind, 'payout')));
      expect(wins.map((w) => w.amount)).toEqual([BigInt(bet?.win ?? '0')]);
    } finally {
      await setMaintenance(false);
    }
  });
});

describe('a disabled member moves nothing', () => {
  it(
    'its old token, a fresh login and a remember-me login: every member operation refused, nothing written',
    { timeout: 300_000 },
    async () => {
      const rng = prng(33_0004);
      // The member's own operations: its bearer token, or its credentials. The built-in games'
      // provider sessions are the seamless wallet's to refuse (seamless-wallet tests).
      const operations = playerOperations().filter(
        (op) =>
          !op.path.startsWith('/builtin-games/') &&
          (needsMember(op.operation) ||
            op.key === `POST ${identityPaths.login}` ||
            op.key === `POST ${identityPaths.loginRemembered}`),
      );
      const prepared = [];
      for (const op of operations) {
        const player = await newPlayer();
        prepared.push({ op, player, request: await requestFor(op, player, rng) });
      }
      for (const { player } of prepared) await disable(player);
      const problems: string[] = [];
      for (const { op, request } of prepared) {
        const { reply, written } = await counted(request);
        const money = written.filter((table) => stopTables.includes(table));
        if (money.length) problems.push(`${op.key} wrote ${money}`);
        if (![401, 403].includes(reply.statusCode)) {
          problems.push(`${op.key}: ${reply.statusCode} ${reply.body.slice(0, 120)}`);
        }
      }
      expect(problems).toEqual([]);
      expect(prepared.length).toBeGreaterThan(40);
    },
  );

  it('an agent cannot transfer to a disabled downline (403 downline_disabled, no posting)', async () => {
    const agent = await newPlayer();
    const request = await fixtures[`POST ${agentPaths.transferDownline}`]!(agent);
    const downline = (request.payload as { downline: string }).downline;
    const [row] = await db()
      .select({ id: members.id })
      .from(members)
      .where(eq(members.username, downline));
    await disable({ ...agent, id: row?.id ?? 0 });
    const { reply, written } = await counted(request);
    expect([reply.statusCode, codeOfReply(reply)]).toEqual([403, 'downline_disabled']);
    expect(written.filter((table) => stopTables.includes(table))).toEqual([]);
  });
});

// Last: the walk of the operator's calls edits the site's settings as it goes.
describe('maintenance leaves the operator working', () => {
  it(
    "in maintenance: the operator's calls work (none is refused for maintenance), a credit posts",
    { timeout: 300_000 },
    async () => {
      const rng = prng(33_0003);
      const player = await newPlayer();
      await setMaintenance(true);
      const refused: string[] = [];
      try {
        for (const op of operationsOf(document).filter((o) => o.path.startsWith('/ops/'))) {
          // The switch itself stays on for the walk.
          if (op.path === '/ops/system/maintenance') continue;
          const request = await requestFor(op, player, rng);
          const reply = await site.app.inject({
            ...request,
            headers: { ...request.headers, ...opsHeaders },
          });
          if (reply.statusCode === 503 || codeOfReply(reply) === 'system_maintenance') {
            refused.push(op.key);
          }
        }
        const before = await rowCounts(db());
        await fund(player, 5_000n);
        const after = await rowCounts(db());
        expect(changed(before, after)).toEqual(expect.arrayContaining(['ledger_entries']));
      } finally {
        await setMaintenance(false);
      }
      expect(refused).toEqual([]);
    },
  );
});
