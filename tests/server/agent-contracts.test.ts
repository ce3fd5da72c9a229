import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  agentOpsPaths,
  agentPaths,
  contractKinds,
  type AgentCenter,
  type ConsolidatedContractInfo,
  type ContractKind,
  type ContractTier,
  type ContractView,
  type ProcessContractReply,
} from '../../src/contract/agent.ts';
import { moduleIds } from '../../src/contract/system.ts';
import {
  endContracts,
  nextPeriodBoundary,
} from '../../src/server/areas/agent/contracts.service.ts';
import type { MemberEvent } from '../../src/server/platform/realtime/publisher.ts';
import { treeMember, type TreeMember } from '../support/agent-tree.ts';
import { realtimeClient } from '../support/realtime.ts';
import { rowCounts } from '../support/row-counts.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';

const site = testSite();
const db = () => site.database.db;
let baseUrl = '';
beforeAll(async () => {
  await site.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
});
afterEach(() => vi.restoreAllMocks());

const tier = (rateBps: number, extra: Partial<ContractTier> = {}): ContractTier => ({
  minTurnover: '0',
  minNetLoss: '0',
  minActiveMembers: 0,
  rateBps,
  ...extra,
});
let keys = 0;
const key = () => `offer-${Date.now()}-${++keys}`;

function process(who: TreeMember, kind: ContractKind, body: object) {
  return call<ProcessContractReply>(site.app, {
    method: 'POST',
    url: agentPaths[kind],
    headers: who.headers,
    payload: body,
  });
}
async function offer(
  from: TreeMember,
  to: TreeMember,
  kind: ContractKind,
  rate: number,
  extra = {},
) {
  return process(from, kind, {
    action: 'offer',
    downline: to.username,
    tiers: [tier(rate)],
    ...(kind === 'dividend' ? { period: 'Weekly' } : {}),
    idempotencyKey: key(),
    ...extra,
  });
}
async function offered(from: TreeMember, to: TreeMember, kind: ContractKind, rate: number) {
  const reply = await offer(from, to, kind, rate);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.value!.contract!;
}
async function accepted(from: TreeMember, to: TreeMember, kind: ContractKind, rate: number) {
  const made = await offered(from, to, kind, rate);
  const reply = await process(to, kind, { action: 'accept', contractId: made.contractId });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.value!.contract!;
}
function root(agent: TreeMember, kind: ContractKind, rate: number) {
  return call<ContractView>(site.app, {
    method: 'POST',
    url: agentOpsPaths.rootContracts,
    headers: opsHeaders,
    payload: {
      agent: agent.username,
      kind,
      tiers: [tier(rate)],
      ...(kind === 'dividend' ? { period: 'Monthly' } : {}),
    },
  });
}
/**
 * top -> sub -> subsub (agents), p (player under sub); stranger agent elsewhere. The top agent
 * holds the house's root contract of each kind at 10 % (`roots: false`: none).
 */
async function tree(options: { roots?: boolean } = {}) {
  const top = await treeMember(db(), { type: 1 });
  const sub = await treeMember(db(), { type: 2, upline: top });
  const subsub = await treeMember(db(), { type: 42, upline: sub });
  const p = await treeMember(db(), { upline: sub });
  const stranger = await treeMember(db(), { type: 41 });
  if (options.roots ?? true) {
    for (const kind of contractKinds) expect((await root(top, kind, 1000)).status).toBe(200);
  }
  return { top, sub, subsub, p, stranger };
}
function spyEvents() {
  const events: MemberEvent[] = [];
  const publisher = site.app.realtime.publisher;
  const original = publisher.publishMany.bind(publisher);
  vi.spyOn(publisher, 'publishMany').mockImplementation((batch) => {
    events.push(...batch);
    return original(batch);
  });
  return events;
}
type SentContract = {
  memberId: number;
  contractId: number;
  status: string;
  counterparty: string;
  role: string;
};
const contractEvents = (events: MemberEvent[]): SentContract[] =>
  events.flatMap((one) =>
    one.event.name === 'contract' ? [{ memberId: one.memberId, ...one.event.payload }] : [],
  );
async function stateOf(id: number) {
  const rows = (await db().execute(
    `select state from agent_contracts where id = ${Number(id)}`,
  )) as unknown as { rows: { state: string }[] };
  return rows.rows[0]?.state;
}

describe('contract workflow (the four process calls)', () => {
  it('offers, tells both sides live, and the downline accepts: active, in its info', async () => {
    const t = await tree();
    const socket = realtimeClient(baseUrl, t.sub.token);
    await socket.connected();
    try {
      const events = spyEvents();
      const made = await offered(t.top, t.sub, 'realtime', 50);
      expect(made).toMatchObject({ state: 'pending', role: 'upline', maxRateBps: 50 });
      expect(made.downline).toBe(t.sub.username);
      // Each side learns whose act it was: the sub-agent was offered it, the top agent offered.
      const live = await socket.next('contract');
      expect(live).toMatchObject({
        contractId: made.contractId,
        status: 'requested',
        counterparty: t.top.username,
        role: 'downline',
      });
      expect(contractEvents(events)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            memberId: t.top.id,
            status: 'requested',
            counterparty: t.sub.username,
            role: 'upline',
          }),
          expect.objectContaining({
            memberId: t.sub.id,
            status: 'requested',
            counterparty: t.top.username,
            role: 'downline',
          }),
        ]),
      );
      const info = await call<ConsolidatedContractInfo>(site.app, {
        url: agentPaths.contractInfo,
        headers: t.sub.headers,
      });
      expect(info.body.value).toMatchObject({ realtimesalreqtype: '1', dailysalreqtype: '0' });

      const answer = await process(t.sub, 'realtime', {
        action: 'accept',
        contractId: made.contractId,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.value?.contract).toMatchObject({ state: 'active', role: 'downline' });
      expect((await socket.next('contract')).status).toBe('accepted');
      const after = await call<ConsolidatedContractInfo>(site.app, {
        url: agentPaths.contractInfo,
        headers: t.sub.headers,
      });
      expect(after.body.value).toMatchObject({ realtimesalreqtype: '0', active: { realtime: 1 } });
      const list = await process(t.top, 'realtime', { action: 'list' });
      expect(list.body.value?.contracts.map((one) => one.contractId)).toContain(made.contractId);
    } finally {
      socket.close();
    }
  });

  it('rejects, withdraws and terminates by role and state; wrong role or state 409', async () => {
    const t = await tree();
    const first = await offered(t.top, t.sub, 'daily', 30);
    // The upline cannot accept its own offer; the downline cannot withdraw it.
    expect(
      (await process(t.top, 'daily', { action: 'accept', contractId: first.contractId })).body.code,
    ).toBe('contract_state_invalid');
    expect(
      (await process(t.sub, 'daily', { action: 'withdraw', contractId: first.contractId })).status,
    ).toBe(409);
    const rejected = await process(t.sub, 'daily', {
      action: 'reject',
      contractId: first.contractId,
    });
    expect(rejected.body.value?.contract?.state).toBe('rejected');
    expect(
      (await process(t.sub, 'daily', { action: 'accept', contractId: first.contractId })).status,
    ).toBe(409);

    const second = await offered(t.top, t.sub, 'daily', 30);
    const withdrawn = await process(t.top, 'daily', {
      action: 'withdraw',
      contractId: second.contractId,
    });
    expect(withdrawn.body.value?.contract?.state).toBe('cancelled');

    // A new offer replaces a pending one (cancelled).
    const third = await offered(t.top, t.sub, 'daily', 30);
    const fourth = await offered(t.top, t.sub, 'daily', 35);
    expect(await stateOf(third.contractId)).toBe('cancelled');

    const events = spyEvents();
    await process(t.sub, 'daily', { action: 'accept', contractId: fourth.contractId });
    // Pending contracts cannot be terminated; active ones by either side.
    const ended = await process(t.sub, 'daily', {
      action: 'terminate',
      contractId: fourth.contractId,
    });
    expect(ended.body.value?.contract).toMatchObject({
      state: 'terminating',
      terminatedBy: 'downline',
    });
    expect(Date.parse(ended.body.value!.contract!.endsAt!)).toBeGreaterThan(
      Date.parse(ended.body.value!.contract!.acceptedAt!),
    );
    expect(
      (await process(t.top, 'daily', { action: 'terminate', contractId: fourth.contractId }))
        .status,
    ).toBe(409);
    expect(contractEvents(events).map((one) => one.status)).toEqual(
      expect.arrayContaining(['accepted', 'terminated']),
    );
    // A retried offer (same key) answers the contract made, makes no second one.
    const retryKey = key();
    const once = await offer(t.top, t.sub, 'hourly', 20, { idempotencyKey: retryKey });
    const twice = await offer(t.top, t.sub, 'hourly', 20, { idempotencyKey: retryKey });
    expect(twice.body.value?.contract?.contractId).toBe(once.body.value?.contract?.contractId);
  });

  it("holds a downline's rate at or below its upline's own rate", async () => {
    const t = await tree();
    // A sub-agent without a contract of the kind cannot offer one.
    const none = await offer(t.sub, t.subsub, 'realtime', 10);
    expect([none.status, none.body.code]).toEqual([409, 'contract_upline_without_contract']);
    await accepted(t.top, t.sub, 'realtime', 50);
    const above = await offer(t.sub, t.subsub, 'realtime', 51);
    expect([above.status, above.body.code]).toEqual([409, 'contract_rate_above_upline']);
    await accepted(t.sub, t.subsub, 'realtime', 50);
  });

  it("refuses an offer of a kind the agent holds no contract of, a top agent too, in the caller's language, writing nothing", async () => {
    const t = await tree({ roots: false });
    const center = await call<AgentCenter>(site.app, {
      url: agentPaths.center,
      headers: t.top.headers,
    });
    expect(center.body.value?.offerableKinds).toEqual([]);
    const before = await rowCounts(db());
    for (const kind of contractKinds) {
      const refused = await offer(t.top, t.sub, kind, 10);
      expect([refused.status, refused.body.code]).toEqual([
        409,
        'contract_upline_without_contract',
      ]);
    }
    const inHindi = await call(site.app, {
      method: 'POST',
      url: agentPaths.hourly,
      headers: { ...t.top.headers, 'accept-language': 'hi' },
      payload: {
        action: 'offer',
        downline: t.sub.username,
        tiers: [tier(10)],
        idempotencyKey: key(),
      },
    });
    expect(inHindi.body).toMatchObject({
      code: 'contract_upline_without_contract',
      message: expect.stringMatching(/[\u0900-\u097F]/),
    });
    expect(await rowCounts(db())).toEqual(before);
    // With the house's contract of a kind the top agent may offer that kind, at most its rate.
    expect((await root(t.top, 'hourly', 40)).status).toBe(200);
    const after = await call<AgentCenter>(site.app, {
      url: agentPaths.center,
      headers: t.top.headers,
    });
    expect(after.body.value?.offerableKinds).toEqual(['hourly']);
    const above = await offer(t.top, t.sub, 'hourly', 41);
    expect([above.status, above.body.code]).toEqual([409, 'contract_rate_above_upline']);
    await accepted(t.top, t.sub, 'hourly', 40);
  });

  it("cancels a top agent's downline contracts when its own contract of the kind ends", async () => {
    const t = await tree({ roots: false });
    const own = (await root(t.top, 'daily', 50)).body.value!;
    const subContract = await accepted(t.top, t.sub, 'daily', 40);
    const pending = await offered(t.sub, t.subsub, 'daily', 30);
    await process(t.top, 'daily', { action: 'terminate', contractId: own.contractId });
    const outcome = await endContracts(db(), [own.contractId], new Date());
    expect(outcome.ended).toEqual([own.contractId]);
    expect(outcome.changes).toEqual(
      expect.arrayContaining([
        { contractId: subContract.contractId, status: 'cancelled' },
        { contractId: pending.contractId, status: 'cancelled' },
      ]),
    );
    expect(await stateOf(subContract.contractId)).toBe('cancelled');
    expect(await stateOf(pending.contractId)).toBe('cancelled');
  });

  it('supersedes a lower in-force contract on accept and refuses one below the contract in force', async () => {
    const t = await tree();
    const low = await accepted(t.top, t.sub, 'hourly', 20);
    const events = spyEvents();
    const high = await accepted(t.top, t.sub, 'hourly', 40);
    expect(await stateOf(low.contractId)).toBe('cancelled');
    expect(high.state).toBe('active');
    expect(contractEvents(events)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          contractId: low.contractId,
          status: 'cancelled',
          memberId: t.sub.id,
        }),
        expect.objectContaining({
          contractId: low.contractId,
          status: 'cancelled',
          memberId: t.top.id,
        }),
      ]),
    );
    const lower = await offer(t.top, t.sub, 'hourly', 30);
    expect([lower.status, lower.body.code]).toEqual([409, 'contract_higher_in_force']);
  });

  it("cancels the downline's contracts down the tree when an upline's rate falls", async () => {
    const t = await tree();
    expect((await root(t.top, 'dividend', 100)).status).toBe(200);
    const subContract = await accepted(t.top, t.sub, 'dividend', 80);
    const subsubContract = await accepted(t.sub, t.subsub, 'dividend', 50);
    const events = spyEvents();
    const lowered = await root(t.top, 'dividend', 60);
    expect(lowered.status).toBe(200);
    expect(lowered.body.value).toMatchObject({
      upline: '',
      downline: t.top.username,
      state: 'active',
    });
    // sub's 80 is above top's new 60: cancelled; sub then holds none, so subsub's 50 goes too.
    expect(await stateOf(subContract.contractId)).toBe('cancelled');
    expect(await stateOf(subsubContract.contractId)).toBe('cancelled');
    const cancelled = contractEvents(events).filter((one) => one.status === 'cancelled');
    expect(cancelled.map((one) => one.memberId).sort()).toEqual(
      [t.top.id, t.sub.id, t.sub.id, t.subsub.id, t.top.id].sort(),
    );
    // Raising keeps them (nothing above the new rate).
    const kept = await accepted(t.top, t.sub, 'dividend', 60);
    expect((await root(t.top, 'dividend', 70)).status).toBe(200);
    expect(await stateOf(kept.contractId)).toBe('active');
  });

  it('ends terminating contracts for settlement and cancels what their downlines passed on', async () => {
    const t = await tree();
    const subContract = await accepted(t.top, t.sub, 'hourly', 40);
    const subsubContract = await accepted(t.sub, t.subsub, 'hourly', 30);
    // Still active: settlement ends only terminating contracts.
    expect((await endContracts(db(), [subContract.contractId], new Date())).ended).toEqual([]);
    await process(t.top, 'hourly', { action: 'terminate', contractId: subContract.contractId });
    const outcome = await endContracts(db(), [subContract.contractId], new Date());
    expect(outcome).toEqual({
      ended: [subContract.contractId],
      changes: [{ contractId: subsubContract.contractId, status: 'cancelled' }],
    });
    expect(await stateOf(subContract.contractId)).toBe('ended');
    expect(await stateOf(subsubContract.contractId)).toBe('cancelled');
  });

  it('refuses offers outside the direct downline agents, bad terms and off flags, writing nothing', async () => {
    const t = await tree();
    const before = await rowCounts(db());
    const cases: [Promise<{ status: number; body: { code?: string } }>, number, string][] = [
      [offer(t.top, t.subsub, 'realtime', 5), 403, 'contract_direct_downline_only'],
      [offer(t.sub, t.p, 'realtime', 5), 403, 'contract_direct_downline_only'],
      [offer(t.top, t.stranger, 'realtime', 5), 403, 'not_in_team'],
      [offer(t.top, t.sub, 'dividend', 5, { period: undefined }), 400, 'contract_terms_invalid'],
      [offer(t.top, t.sub, 'daily', 5, { period: 'Weekly' }), 400, 'contract_terms_invalid'],
      [
        offer(t.top, t.sub, 'realtime', 5, { tiers: [tier(5, { minTurnover: '100' })] }),
        400,
        'contract_terms_invalid',
      ],
      [offer(t.top, t.sub, 'realtime', 10_001), 400, 'bad_request'],
      [process(t.top, 'realtime', { action: 'accept' }), 400, 'bad_request'],
      [
        process(t.top, 'realtime', { action: 'accept', contractId: 999_999 }),
        404,
        'contract_not_found',
      ],
    ];
    for (const [pending, status, code] of cases) {
      const reply = await pending;
      expect([reply.status, reply.body.code]).toEqual([status, code]);
    }
    expect(await rowCounts(db())).toEqual(before);

    const set = (enabled: boolean) =>
      call(site.app, {
        method: 'PUT',
        url: `/ops/modules/${moduleIds.enableCt}`,
        headers: opsHeaders,
        payload: { enabled },
      });
    await set(false);
    try {
      const off = await offer(t.top, t.sub, 'dividend', 5);
      expect([off.status, off.body.code]).toEqual([403, 'contract_kind_disabled']);
    } finally {
      await set(true);
    }
  });

  it('computes period boundaries in the operator time zone', () => {
    const now = new Date('2026-03-10T05:10:00Z'); // Tuesday 10:40 in Kolkata
    const at = (
      kind: ContractKind,
      period: 'Daily' | 'Weekly' | 'Semimonthly' | 'Monthly' | null,
    ) =>
      nextPeriodBoundary(kind, period, now, {
        timeZone: 'Asia/Kolkata',
        windowSeconds: 300,
      }).toISOString();
    expect(at('realtime', null)).toBe('2026-03-10T05:15:00.000Z');
    expect(at('hourly', null)).toBe('2026-03-10T05:30:00.000Z');
    expect(at('daily', null)).toBe('2026-03-10T18:30:00.000Z');
    expect(at('dividend', 'Weekly')).toBe('2026-03-15T18:30:00.000Z');
    expect(at('dividend', 'Semimonthly')).toBe('2026-03-15T18:30:00.000Z');
    expect(at('dividend', 'Monthly')).toBe('2026-03-31T18:30:00.000Z');
  });
});

describe('operator agent calls', () => {
  it('root contracts only for top agents; announcements audited; no credentials 401', async () => {
    const t = await tree();
    expect((await root(t.sub, 'realtime', 10)).body.code).toBe('contract_direct_downline_only');
    expect((await root(t.p, 'realtime', 10)).status).toBe(404);
    const made = await call<{ id: number }>(site.app, {
      method: 'POST',
      url: agentOpsPaths.announcements,
      headers: opsHeaders,
      payload: { title: { en: 'New rates', hi: 'नई दरें' }, content: { en: 'From Monday.' } },
    });
    expect(made.status).toBe(200);
    const audit = (await db().execute(
      `select count(*)::int as n from audit_log where action = 'agent.announcement.create'`,
    )) as unknown as { rows: { n: number }[] };
    expect(Number(audit.rows[0]?.n)).toBe(1);
    const before = await rowCounts(db());
    const empty = await call(site.app, {
      method: 'POST',
      url: agentOpsPaths.announcements,
      headers: opsHeaders,
      payload: { title: {}, content: { en: 'x' } },
    });
    expect(empty.status).toBe(400);
    const anonymous = await call(site.app, {
      method: 'POST',
      url: agentOpsPaths.rootContracts,
      payload: { agent: t.top.username, kind: 'realtime', tiers: [tier(1)] },
    });
    expect(anonymous.status).toBe(401);
    expect(await rowCounts(db())).toEqual(before);
  });
});
