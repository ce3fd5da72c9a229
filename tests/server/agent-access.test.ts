import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentOpsPaths,
  agentPaths,
  type ContractTier,
  type ProcessContractReply,
} from '../../src/contract/agent.ts';
import { treeMember, type TreeMember } from '../support/agent-tree.ts';
import { encryptFor } from '../support/identity.ts';
import { rowCounts } from '../support/row-counts.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';
import { trialToken } from '../support/trial.ts';

/**
 * The access matrix of the agent center (issue 15): EVERY agent call (each entry of
 * `agentPaths`, a Record, so a new call cannot be left out) tried without a session (401), by a
 * player and by a trial account (403 error_not_agent), and by another agent against this
 * agent's members and contracts (403 not_in_team); nothing is written by any of them.
 */
const site = testSite();
const db = () => site.database.db;

type Target = {
  /** The victim agent's members and contracts the calls name. */
  sub: TreeMember;
  player: TreeMember;
  pendingId: number;
  activeId: number;
};
type Case = {
  request: (target: Target) => Promise<InjectOptions> | InjectOptions;
  /** What another agent gets: 403 not_in_team when the call names a member or contract. */
  foreign: 'not_in_team' | 'own';
};

const tier = (rateBps: number): ContractTier => ({
  minTurnover: '0',
  minNetLoss: '0',
  minActiveMembers: 0,
  rateBps,
});
let keys = 0;
const key = () => `access-${++keys}`;

const process = (kind: 'dividend' | 'daily' | 'hourly' | 'realtime', pick: (t: Target) => object) =>
  ({
    request: (t: Target) => ({ method: 'POST', url: agentPaths[kind], payload: pick(t) }),
    foreign: 'not_in_team',
  }) satisfies Case;

const cases: Record<keyof typeof agentPaths, Case[]> = {
  dividend: [
    process('dividend', (t) => ({
      action: 'offer',
      downline: t.sub.username,
      tiers: [tier(10)],
      period: 'Weekly',
      idempotencyKey: key(),
    })),
    process('dividend', (t) => ({ action: 'withdraw', contractId: t.pendingId })),
  ],
  daily: [process('daily', (t) => ({ action: 'accept', contractId: t.pendingId }))],
  hourly: [process('hourly', (t) => ({ action: 'reject', contractId: t.pendingId }))],
  realtime: [
    process('realtime', (t) => ({ action: 'terminate', contractId: t.activeId })),
    process('realtime', (t) => ({
      action: 'offer',
      downline: t.sub.username,
      tiers: [tier(5)],
      idempotencyKey: key(),
    })),
  ],
  contractInfo: [{ request: () => ({ url: agentPaths.contractInfo }), foreign: 'own' }],
  center: [{ request: () => ({ url: agentPaths.center }), foreign: 'own' }],
  live: [{ request: () => ({ url: agentPaths.live }), foreign: 'own' }],
  teamOverview: [
    { request: () => ({ url: `${agentPaths.teamOverview}?preset=last7` }), foreign: 'own' },
  ],
  downline: [
    {
      request: (t) => ({ url: `${agentPaths.downline}?parent=${t.sub.username}` }),
      foreign: 'not_in_team',
    },
  ],
  member: [
    {
      request: (t) => ({ url: agentPaths.member.replace(':username', t.player.username) }),
      foreign: 'not_in_team',
    },
  ],
  teamBets: [
    {
      request: (t) => ({ url: `${agentPaths.teamBets}?username=${t.player.username}` }),
      foreign: 'not_in_team',
    },
  ],
  profitLoss: [
    {
      request: (t) => ({ url: `${agentPaths.profitLoss}?username=${t.player.username}` }),
      foreign: 'not_in_team',
    },
  ],
  income: [{ request: () => ({ url: agentPaths.income }), foreign: 'own' }],
  transactions: [
    {
      request: (t) => ({ url: `${agentPaths.transactions}?username=${t.player.username}` }),
      foreign: 'not_in_team',
    },
  ],
  announcements: [{ request: () => ({ url: agentPaths.announcements }), foreign: 'own' }],
  registerDownline: [
    {
      request: async () => ({
        method: 'POST',
        url: agentPaths.registerDownline,
        payload: {
          enc: await encryptFor(site.app, {
            username: `acc${++keys}x`,
            password: 'start1234',
            accountType: 'player',
          }),
        },
      }),
      foreign: 'own',
    },
  ],
  invitation: [{ request: () => ({ url: agentPaths.invitation }), foreign: 'own' }],
  transferDownline: [
    {
      request: (t) => ({
        method: 'POST',
        url: agentPaths.transferDownline,
        payload: {
          downline: t.player.username,
          amount: '10',
          paymentPassword: '123456',
          idempotencyKey: key(),
        },
      }),
      foreign: 'not_in_team',
    },
  ],
};

const world = {} as {
  target: Target;
  victim: TreeMember;
  attacker: TreeMember;
  attackerPlayer: TreeMember;
  trial: string;
};

beforeAll(async () => {
  const victim = await treeMember(db(), { type: 1, paymentPassword: '123456' });
  const sub = await treeMember(db(), { type: 2, upline: victim });
  const player = await treeMember(db(), { upline: sub });
  const attacker = await treeMember(db(), { type: 41, paymentPassword: '123456' });
  const attackerPlayer = await treeMember(db(), { upline: attacker });
  await site.app.wallet.ledger.post({
    memberId: attacker.id,
    kind: 'deposit',
    amount: 1000n,
    idempotencyKey: 'access-fund',
  });
  // The house pays the victim both kinds, so it may offer them.
  for (const kind of ['daily', 'realtime'] as const) {
    await call(site.app, {
      method: 'POST',
      url: agentOpsPaths.rootContracts,
      headers: opsHeaders,
      payload: { agent: victim.username, kind, tiers: [tier(50)] },
    });
  }
  const offer = async (kind: 'daily' | 'realtime') =>
    call<ProcessContractReply>(site.app, {
      method: 'POST',
      url: agentPaths[kind],
      headers: victim.headers,
      payload: { action: 'offer', downline: sub.username, tiers: [tier(5)], idempotencyKey: key() },
    });
  const active = (await offer('realtime')).body.value!.contract!.contractId;
  await call(site.app, {
    method: 'POST',
    url: agentPaths.realtime,
    headers: sub.headers,
    payload: { action: 'accept', contractId: active },
  });
  const pending = (await offer('daily')).body.value!.contract!.contractId;
  Object.assign(world, {
    target: { sub, player, pendingId: pending, activeId: active },
    victim,
    attacker,
    attackerPlayer,
    trial: await trialToken(site.app),
  });
});

const entries = Object.entries(cases).flatMap(([name, list]) =>
  list.map((one, i) => ({ name: `${name}${list.length > 1 ? ` #${i + 1}` : ''}`, ...one })),
);

async function attempt(one: Case, headers: Record<string, string>) {
  const options = await one.request(world.target);
  return call(site.app, { ...options, headers: { ...options.headers, ...headers } });
}

describe('agent access matrix', () => {
  it.for(entries)(
    '$name: refused to strangers, players, trial accounts and other agents',
    async (one) => {
      const before = await rowCounts(db());
      const anonymous = await attempt(one, {});
      expect([anonymous.status, anonymous.body.code]).toEqual([401, 'not_logged_in']);
      for (const headers of [
        world.attackerPlayer.headers,
        { authorization: `Bearer ${world.trial}` },
      ]) {
        const reply = await attempt(one, headers);
        expect([reply.status, reply.body.code]).toEqual([403, 'error_not_agent']);
      }
      if (one.foreign === 'not_in_team') {
        const reply = await attempt(one, world.attacker.headers);
        expect([reply.status, reply.body.code], JSON.stringify(reply.body)).toEqual([
          403,
          'not_in_team',
        ]);
      }
      expect(await rowCounts(db())).toEqual(before);
    },
  );

  it('keeps operator calls to operator credentials: a member token is 401', async () => {
    const before = await rowCounts(db());
    for (const url of Object.values(agentOpsPaths)) {
      for (const headers of [{}, world.victim.headers, world.attacker.headers]) {
        const reply = await call(site.app, {
          method: 'POST',
          url,
          headers,
          payload: { agent: world.victim.username, kind: 'realtime', tiers: [tier(1)] },
        });
        expect([reply.status, reply.body.code]).toEqual([401, 'ops_unauthorized']);
      }
    }
    expect(await rowCounts(db())).toEqual(before);
    // The operator itself gets through (so the refusals above are the guard's).
    const made = await call(site.app, {
      method: 'POST',
      url: agentOpsPaths.rootContracts,
      headers: opsHeaders,
      payload: { agent: world.victim.username, kind: 'hourly', tiers: [tier(1)] },
    });
    expect(made.status).toBe(200);
  });
});
