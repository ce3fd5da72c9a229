import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentPaths, type DownlineMember } from '../../src/contract/agent.ts';
import { directDownline, isInTeam } from '../../src/server/areas/agent/tree.repository.ts';
import { treeMember, type TreeMember } from '../support/agent-tree.ts';
import { encryptFor, freshIp, identityDriver } from '../support/identity.ts';
import { realtimeClient } from '../support/realtime.ts';
import { rowCounts } from '../support/row-counts.ts';
import { call, testSite } from '../support/server.ts';

const site = testSite();
const db = () => site.database.db;
const identity = identityDriver(
  () => site.app,
  () => db(),
);
let baseUrl = '';
beforeAll(async () => {
  await site.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
});

let n = 0;
const fresh = (prefix: string) => `${prefix}${Date.now().toString(36)}${++n}`;

async function registerDownline(agent: TreeMember, payload: Record<string, unknown>) {
  return call<{ member: DownlineMember }>(site.app, {
    method: 'POST',
    url: agentPaths.registerDownline,
    headers: agent.headers,
    payload: { enc: await encryptFor(site.app, payload) },
  });
}

describe('registerCenter', () => {
  it('makes a downline player whose first login must change the initial password', async () => {
    const agent = await treeMember(db(), { type: 1 });
    const username = fresh('down');
    const made = await registerDownline(agent, {
      username,
      password: 'start1234',
      accountType: 'player',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.value?.member).toMatchObject({
      username,
      type: 0,
      isAgent: false,
      level: 1,
      upline: agent.username,
    });
    expect((await directDownline(db(), agent.id)).map((m) => m.username)).toEqual([username]);
    const login = await identity.login({ username, password: 'start1234' }, { ip: freshIp() });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.value?.firstTimeLogin).toBe(true);
  });

  it('makes a sub-agent with its own invitation code, counted in the invitation', async () => {
    const agent = await treeMember(db(), { type: 41 });
    const sub = await registerDownline(agent, {
      username: fresh('sa'),
      password: 'start1234',
      accountType: 'agent',
    });
    expect(sub.body.value?.member).toMatchObject({ type: 2, isAgent: true });
    const subRow = (await directDownline(db(), agent.id))[0]!;
    expect(subRow.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);
    // A player registered by the sub-agent joins the sub-agent, so the agent's team (depth 2).
    const invitation = await call<{ code: string; playerLink: string; registrations: number }>(
      site.app,
      { url: agentPaths.invitation, headers: { ...agent.headers, host: 'site.test' } },
    );
    expect(invitation.body.value).toEqual({
      code: agent.affiliateCode,
      playerLink: `http://site.test/register?referralCode=${agent.affiliateCode}`,
      registrations: 1,
    });
    const foreignHost = await call<{ playerLink: string }>(site.app, {
      url: agentPaths.invitation,
      headers: { ...agent.headers, host: 'evil.example.com' },
    });
    expect(foreignHost.body.value?.playerLink.startsWith('http://localhost')).toBe(true);
    const player = await treeMember(db(), { upline: { affiliateCode: subRow.affiliateCode } });
    expect(await isInTeam(db(), agent.id, player.id)).toBe(true);
  });

  it('refuses bad input, taken names and non-agents, writing nothing', async () => {
    const agent = await treeMember(db(), { type: 1 });
    const player = await treeMember(db(), { upline: agent });
    const before = await rowCounts(db());
    const short = await registerDownline(agent, {
      username: fresh('x'),
      password: '1',
      accountType: 'player',
    });
    expect([short.status, short.body.code]).toEqual([400, 'bad_request']);
    const taken = await registerDownline(agent, {
      username: player.username.toUpperCase(),
      password: 'start1234',
      accountType: 'player',
    });
    expect([taken.status, taken.body.code]).toEqual([409, 'username_taken']);
    const badKind = await registerDownline(agent, {
      username: fresh('y'),
      password: 'start1234',
      accountType: 'boss',
    });
    expect(badKind.status).toBe(400);
    const notEnc = await call(site.app, {
      method: 'POST',
      url: agentPaths.registerDownline,
      headers: agent.headers,
      payload: { enc: 'not-a-jwe' },
    });
    expect(notEnc.status).toBe(400);
    const asPlayer = await registerDownline(player, {
      username: fresh('z'),
      password: 'start1234',
      accountType: 'player',
    });
    expect([asPlayer.status, asPlayer.body.code]).toEqual([403, 'error_not_agent']);
    expect(await rowCounts(db())).toEqual(before);
  });
});

describe('transfer to a downline', () => {
  async function funded(paymentPassword = '123456') {
    const agent = await treeMember(db(), { type: 1, paymentPassword });
    const sub = await treeMember(db(), { type: 2, upline: agent });
    const deep = await treeMember(db(), { upline: sub });
    await site.app.wallet.ledger.post({
      memberId: agent.id,
      kind: 'deposit',
      amount: 1000n,
      idempotencyKey: fresh('fund'),
    });
    return { agent, sub, deep };
  }
  const transfer = (agent: TreeMember, body: Record<string, unknown>) =>
    call<{ postingId: string; amount: string; downline: string; mainBalance: string }>(site.app, {
      method: 'POST',
      url: agentPaths.transferDownline,
      headers: agent.headers,
      payload: { paymentPassword: '123456', idempotencyKey: fresh('k'), ...body },
    });
  const balanceOf = async (memberId: number) =>
    (await site.app.wallet.ledger.balance(memberId)).sumBalance;

  it('moves money to a member deeper in the team in one posting, once per key, balances live', async () => {
    const { agent, deep } = await funded();
    const socket = realtimeClient(baseUrl, deep.token);
    await socket.connected();
    try {
      const key = fresh('once');
      const first = await transfer(agent, {
        downline: deep.username,
        amount: '300',
        idempotencyKey: key,
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.value).toMatchObject({
        amount: '300',
        downline: deep.username,
        mainBalance: '700',
      });
      expect((await socket.next('balance')).balance).toBe('300');
      const again = await transfer(agent, {
        downline: deep.username,
        amount: '300',
        idempotencyKey: key,
      });
      expect(again.body.value?.postingId).toBe(first.body.value?.postingId);
      expect(await balanceOf(agent.id)).toBe(700n);
      expect(await balanceOf(deep.id)).toBe(300n);
      const postings = (await db().execute(
        `select count(*)::int as n from ledger_postings where id = '${first.body.value!.postingId}'`,
      )) as unknown as { rows: { n: number }[] };
      expect(Number(postings.rows[0]?.n)).toBe(1);
    } finally {
      socket.close();
    }
  });

  it('refuses foreign members, wrong payment passwords and overdrafts, moving nothing', async () => {
    const { agent, sub } = await funded();
    const stranger = await treeMember(db(), { type: 2 });
    const before = await rowCounts(db());
    const foreign = await transfer(agent, { downline: stranger.username, amount: '10' });
    expect([foreign.status, foreign.body.code]).toEqual([403, 'not_in_team']);
    const self = await transfer(agent, { downline: agent.username, amount: '10' });
    expect([self.status, self.body.code]).toEqual([403, 'not_in_team']);
    const upward = await transfer(sub, { downline: agent.username, amount: '10' });
    expect([upward.status, upward.body.code]).toEqual([403, 'not_in_team']);
    const zero = await transfer(agent, { downline: sub.username, amount: '0' });
    expect(zero.status).toBe(400);
    expect(await rowCounts(db())).toEqual(before);
    const over = await transfer(agent, { downline: sub.username, amount: '5000' });
    expect([over.status, over.body.code]).toEqual([409, 'insufficient_balance']);
    const wrong = await transfer(agent, {
      downline: sub.username,
      amount: '10',
      paymentPassword: '999999',
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'payment_password_wrong']);
    expect(await balanceOf(agent.id)).toBe(1000n);
    expect(await balanceOf(sub.id)).toBe(0n);
  });
});
