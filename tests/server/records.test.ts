import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';
import { sessions } from '../../src/server/platform/members/members.schema.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { ledgerPostings } from '../../src/server/areas/wallet/ledger.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { hashMemberPassword } from '../../src/server/platform/members/member-password.ts';
import { moduleIds } from '../../src/contract/system.ts';
import { identityPaths, type MemberInfo } from '../../src/contract/identity.ts';
import {
  recordsOpsPaths,
  recordsPaths,
  type ConsolidatedFunds,
  type ConsolidateReply,
  type RecordPage,
  type TransferReply,
  type TransferUplineReply,
} from '../../src/contract/records.ts';
import { walletOpsPaths, walletPaths, type BalanceReply } from '../../src/contract/wallet.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';
import { createMember } from '../support/identity.ts';

const site = testSite();
const db = (): Db => site.database.db;
const vendor = 'AURALIVE';
const key = () => randomBytes(8).toString('hex');

async function sessionFor(memberId: number) {
  const token = randomBytes(32).toString('base64url');
  await db()
    .insert(sessions)
    .values({ tokenHash: hashToken(token), memberId, expiresAt: new Date(Date.now() + 3_600_000) });
  return { authorization: `Bearer ${token}` };
}

/** A player registered under a fresh agent, with a payment password and money. */
async function playerWithUpline(credit = 100_000n) {
  const code = `AG${randomBytes(3).toString('hex').toUpperCase()}`;
  const { member: agent } = await createMember(db(), { type: 1, affiliateCode: code });
  const { member } = await createMember(db(), {
    uplineAffiliateCode: code,
    paymentPasswordHash: await hashMemberPassword('135790'),
  });
  const headers = await sessionFor(member.id);
  if (credit > 0n) await adjust(member.id, credit);
  return { agent, member, headers };
}

async function adjust(memberId: number, amount: bigint, reason = 'welcome credit') {
  const reply = await call(site.app, {
    method: 'POST',
    url: walletOpsPaths.adjustment,
    headers: opsHeaders,
    payload: { memberId, amount: amount.toString(), reason, idempotencyKey: `adj-${key()}` },
  });
  expect(reply.status).toBe(200);
}

async function balanceOf(headers: Record<string, string>) {
  const reply = await call<BalanceReply>(site.app, { url: walletPaths.balance, headers });
  return reply.body.value;
}

async function setSingle(isSingle: boolean) {
  const reply = await call(site.app, {
    method: 'PUT',
    url: recordsOpsPaths.merchantWallet,
    headers: opsHeaders,
    payload: { isSingle },
  });
  expect(reply.status).toBe(200);
}

describe('account record (transactionHistory)', () => {
  it("lists the credited adjustments in the last 7 days, newest first, without the operator's reason", async () => {
    const { member, headers } = await playerWithUpline(0n);
    await adjust(member.id, 50_000n, 'first credit: ticket 4411');
    await adjust(member.id, 25_000n, 'second credit: ticket 4412');
    const reply = await call<RecordPage>(site.app, {
      url: `${recordsPaths.transactions}?preset=last7`,
      headers,
    });
    expect(reply.status).toBe(200);
    const page = reply.body.value;
    expect(page?.content.map((row) => [row.kind, row.amount, row.remark])).toEqual([
      ['adjustment', '25000', null],
      ['adjustment', '50000', null],
    ]);
    expect(JSON.stringify(page)).not.toContain('ticket');
    expect(page?.content[0]?.balanceAfter).toBe('75000');
    expect(page).toMatchObject({ totalElements: 2, totalPages: 1, totalIn: '75000' });
  });

  it('takes the next 7 and 30 days presets too: from now on, so the past entries are not in them', async () => {
    const { member, headers } = await playerWithUpline(0n);
    await adjust(member.id, 50_000n);
    for (const preset of ['next7', 'next30']) {
      const reply = await call<RecordPage>(site.app, {
        url: `${recordsPaths.transactions}?preset=${preset}`,
        headers,
      });
      expect(reply.status).toBe(200);
      expect(reply.body.value).toMatchObject({ totalElements: 0, content: [] });
    }
  });

  it('filters by type and pages 15 at a time', async () => {
    const { member, headers } = await playerWithUpline(0n);
    for (let i = 0; i < 17; i++) await adjust(member.id, BigInt(100 + i));
    await setSingle(false);
    await call(site.app, {
      method: 'POST',
      url: recordsPaths.walletTransfer,
      headers,
      payload: { from: 'main', to: vendor, amount: '50', idempotencyKey: key() },
    });
    const first = await call<RecordPage>(site.app, {
      url: `${recordsPaths.transactions}?type=adjustment&preset=last30`,
      headers,
    });
    expect(first.body.value).toMatchObject({ totalElements: 17, totalPages: 2, pageSize: 15 });
    expect(first.body.value?.content).toHaveLength(15);
    const second = await call<RecordPage>(site.app, {
      url: `${recordsPaths.transactions}?type=adjustment&preset=last30&pageNo=2`,
      headers,
    });
    expect(second.body.value?.content).toHaveLength(2);
    const transfers = await call<RecordPage>(site.app, {
      url: `${recordsPaths.transactions}?type=transfer`,
      headers,
    });
    expect(
      transfers.body.value?.content.map((row) => [row.kind, row.walletKind, row.amount]),
    ).toEqual(
      expect.arrayContaining([
        ['transfer_out', 'main', '-50'],
        ['transfer_in', vendor, '50'],
      ]),
    );
    // A transfer between the member's own wallets is neither money in nor money out.
    expect(transfers.body.value).toMatchObject({ totalIn: '0', totalOut: '0' });
  });

  it('names the other side of each transfer (game wallet by vendor name, upline by name), never a reference; totals count each movement once', async () => {
    const { agent, member, headers } = await playerWithUpline(100_000n);
    await setSingle(false);
    const toGame = await call(site.app, {
      method: 'POST',
      url: recordsPaths.walletTransfer,
      headers,
      payload: { from: 'main', to: vendor, amount: '20000', idempotencyKey: key() },
    });
    expect(toGame.status).toBe(200);
    const toUpline = await call(site.app, {
      method: 'POST',
      url: recordsPaths.transferUpline,
      headers,
      payload: { amount: '5000', paymentPassword: '135790', idempotencyKey: key() },
    });
    expect(toUpline.status).toBe(200);
    const reply = await call<RecordPage>(site.app, { url: recordsPaths.transactions, headers });
    const page = reply.body.value;
    const rows = (page?.content ?? []).map((row) => ({
      kind: row.kind,
      walletName: row.walletName,
      counterparty: row.counterparty,
      remark: row.remark,
    }));
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          kind: 'transfer_out',
          walletName: null,
          counterparty: { type: 'upline', name: agent.nickname || agent.username },
          remark: null,
        },
        {
          kind: 'transfer_out',
          walletName: null,
          counterparty: { type: 'gameWallet', name: 'Aura Live' },
          remark: null,
        },
        {
          kind: 'transfer_in',
          walletName: 'Aura Live',
          counterparty: { type: 'mainWallet', name: null },
          remark: null,
        },
        { kind: 'adjustment', walletName: null, counterparty: null, remark: null },
      ]),
    );
    const text = JSON.stringify(page);
    for (const internal of ['upline:', `${vendor}>`, `>${vendor}`, 'main>']) {
      expect(text).not.toContain(internal);
    }
    // In: the 1,000.00 credit; out: the 50.00 to the upline. The game wallet move is neither.
    expect(page).toMatchObject({ totalIn: '100000', totalOut: '-5000', totalElements: 4 });

    // The agent sees the same transfer coming from a downline, by the member's name.
    const agentRecord = await call<RecordPage>(site.app, {
      url: recordsPaths.transactions,
      headers: await sessionFor(agent.id),
    });
    expect(agentRecord.body.value?.content[0]).toMatchObject({
      kind: 'transfer_in',
      counterparty: { type: 'downline', name: member.nickname || member.username },
    });
  });

  it('answers an explicit date range without the entries outside it', async () => {
    const { headers } = await playerWithUpline(10_000n);
    const reply = await call<RecordPage>(site.app, {
      url: `${recordsPaths.transactions}?startDate=2020-01-01T00:00:00Z&endDate=2020-01-31T00:00:00Z`,
      headers,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.value?.content).toEqual([]);
  });

  it('does not show another member entries', async () => {
    const one = await playerWithUpline(10_000n);
    const two = await playerWithUpline(0n);
    const reply = await call<RecordPage>(site.app, {
      url: recordsPaths.transactions,
      headers: two.headers,
    });
    expect(reply.body.value?.totalElements).toBe(0);
    expect(one.member.id).not.toBe(two.member.id);
  });
});

describe('bonus details', () => {
  it('lists bonus and rebate entries only; a replayed bonus credits once', async () => {
    const { member, headers } = await playerWithUpline(10_000n);
    const body = {
      memberId: member.id,
      kind: 'bonus',
      amount: '20000',
      remark: 'Welcome bonus',
      idempotencyKey: `bonus-${key()}`,
    };
    for (let i = 0; i < 2; i++) {
      const reply = await call(site.app, {
        method: 'POST',
        url: recordsOpsPaths.bonuses,
        headers: opsHeaders,
        payload: body,
      });
      expect(reply.status).toBe(200);
    }
    await call(site.app, {
      method: 'POST',
      url: recordsOpsPaths.bonuses,
      headers: opsHeaders,
      payload: {
        ...body,
        kind: 'rebate',
        amount: '300',
        remark: 'Weekly rebate',
        idempotencyKey: `r-${key()}`,
      },
    });
    const all = await call<RecordPage>(site.app, { url: recordsPaths.bonuses, headers });
    expect(all.body.value?.content.map((row) => [row.kind, row.amount, row.remark])).toEqual([
      ['rebate', '300', 'Weekly rebate'],
      ['bonus', '20000', 'Welcome bonus'],
    ]);
    const rebates = await call<RecordPage>(site.app, {
      url: `${recordsPaths.bonuses}?type=rebate`,
      headers,
    });
    expect(rebates.body.value?.totalElements).toBe(1);
    expect((await balanceOf(headers))?.sumBalance).toBe('30300');
    const [audits] = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.target, `member:${member.id}`), like(auditLog.action, 'ledger.%')));
    expect(audits?.n).toBe(2);
  });
});

describe('merchant wallet, consolidated funds and wallet transfers', () => {
  it('moves money to a vendor wallet and back, once per key, audited', async () => {
    await setSingle(false);
    const { member, headers } = await playerWithUpline(100_000n);
    const merchant = await call<{ isSingle: boolean }>(site.app, {
      url: recordsPaths.merchantWallet,
      headers,
    });
    expect(merchant.body.value).toEqual({ isSingle: false });
    const idempotencyKey = key();
    const payload = { from: 'main', to: vendor, amount: '30000', idempotencyKey };
    const first = await call<TransferReply>(site.app, {
      method: 'POST',
      url: recordsPaths.walletTransfer,
      headers,
      payload,
    });
    const again = await call<TransferReply>(site.app, {
      method: 'POST',
      url: recordsPaths.walletTransfer,
      headers,
      payload,
    });
    expect(first.status).toBe(200);
    expect(again.body.value?.postingId).toBe(first.body.value?.postingId);
    expect(first.body.value).toMatchObject({
      amount: '30000',
      mainBalance: '70000',
      sumBalance: '100000',
    });

    const funds = await call<ConsolidatedFunds>(site.app, {
      url: recordsPaths.consolidatedFunds,
      headers,
    });
    expect(funds.body.value).toMatchObject({
      isSingle: false,
      sumBalance: '100000',
      main: '70000',
    });
    expect(funds.body.value?.wallets).toContainEqual({
      kind: vendor,
      displayName: 'Aura Live',
      balance: '30000',
    });

    const back = await call<TransferReply>(site.app, {
      method: 'POST',
      url: recordsPaths.walletTransfer,
      headers,
      payload: { from: vendor, to: 'main', amount: '10000', idempotencyKey: key() },
    });
    expect(back.body.value?.mainBalance).toBe('80000');

    const consolidateKey = key();
    const consolidated = await call<ConsolidateReply>(site.app, {
      method: 'POST',
      url: recordsPaths.consolidatedFunds,
      headers,
      payload: { idempotencyKey: consolidateKey },
    });
    expect(consolidated.body.value?.moved).toBe('20000');
    expect(consolidated.body.value?.funds.main).toBe('100000');
    const replay = await call<ConsolidateReply>(site.app, {
      method: 'POST',
      url: recordsPaths.consolidatedFunds,
      headers,
      payload: { idempotencyKey: consolidateKey },
    });
    // The first reply again (idempotent-replies.test.ts checks every byte); nothing moved twice.
    expect(replay.body.value?.moved).toBe('20000');
    expect((await balanceOf(headers))?.sumBalance).toBe('100000');
    const [audits] = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.actor, `member:${member.id}`), like(auditLog.action, 'wallet.%')));
    expect(audits?.n).toBe(3);
  });

  it('refuses a transfer the wallet cannot afford, to an unknown wallet, and in single mode', async () => {
    await setSingle(false);
    const { headers } = await playerWithUpline(1_000n);
    const post = (payload: object) =>
      call(site.app, { method: 'POST', url: recordsPaths.walletTransfer, headers, payload });
    const tooMuch = await post({ from: 'main', to: vendor, amount: '1001', idempotencyKey: key() });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([409, 'insufficient_balance']);
    const unknown = await post({ from: 'main', to: 'NOSUCH', amount: '1', idempotencyKey: key() });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'wallet_unknown']);
    const vendors = await post({
      from: vendor,
      to: 'LOTUSLIVE',
      amount: '1',
      idempotencyKey: key(),
    });
    expect(vendors.body.code).toBe('wallet_unknown');
    await setSingle(true);
    const single = await post({ from: 'main', to: vendor, amount: '1', idempotencyKey: key() });
    expect([single.status, single.body.code]).toEqual([409, 'wallet_single']);
    expect(
      (await call<{ isSingle: boolean }>(site.app, { url: recordsPaths.merchantWallet, headers }))
        .body.value,
    ).toEqual({ isSingle: true });
    await setSingle(false);
    expect((await balanceOf(headers))?.sumBalance).toBe('1000');
  });
});

describe('transfer to upline', () => {
  it('moves money to the agent of the member invitation code, with the payment password', async () => {
    const { agent, member, headers } = await playerWithUpline(100_000n);
    const idempotencyKey = key();
    const payload = { amount: '40000', paymentPassword: '135790', idempotencyKey };
    const reply = await call<TransferUplineReply>(site.app, {
      method: 'POST',
      url: recordsPaths.transferUpline,
      headers,
      payload,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({
      amount: '40000',
      mainBalance: '60000',
      upline: agent.username,
    });
    const again = await call<TransferUplineReply>(site.app, {
      method: 'POST',
      url: recordsPaths.transferUpline,
      headers,
      payload,
    });
    expect(again.body.value?.postingId).toBe(reply.body.value?.postingId);
    const agentHeaders = await sessionFor(agent.id);
    expect((await balanceOf(agentHeaders))?.sumBalance).toBe('40000');
    expect((await balanceOf(headers))?.sumBalance).toBe('60000');
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actor, `member:${member.id}`),
          eq(auditLog.action, 'wallet.transferUpline'),
        ),
      );
    expect(audit?.after).toMatchObject({ amount: '40000', balance: '60000' });
  });

  it('refuses a wrong payment password, a member without upline and a module switched off', async () => {
    const { member, headers } = await playerWithUpline(100_000n);
    const post = (h: Record<string, string>, payload: object) =>
      call(site.app, { method: 'POST', url: recordsPaths.transferUpline, headers: h, payload });
    const wrong = await post(headers, {
      amount: '1',
      paymentPassword: '000000',
      idempotencyKey: key(),
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'payment_password_wrong']);

    const { member: loner } = await createMember(db(), {
      paymentPasswordHash: await hashMemberPassword('135790'),
    });
    const lonerHeaders = await sessionFor(loner.id);
    const none = await post(lonerHeaders, {
      amount: '1',
      paymentPassword: '135790',
      idempotencyKey: key(),
    });
    expect([none.status, none.body.code]).toEqual([403, 'upline_not_allowed']);

    const upline = async () =>
      (await call<MemberInfo>(site.app, { url: identityPaths.memberInfo, headers })).body.value;
    expect((await upline())?.toUpline).toBe(true);
    expect((await upline())?.toUpline).toBe(true);
    const off = await call(site.app, {
      method: 'PUT',
      url: `/ops/modules/${moduleIds.toUpline}`,
      headers: opsHeaders,
      payload: { enabled: false },
    });
    expect(off.status).toBe(200);
    // Member info follows the switch at once, the member's session cached or not.
    expect((await upline())?.toUpline).toBe(false);
    const blocked = await post(headers, {
      amount: '1',
      paymentPassword: '135790',
      idempotencyKey: key(),
    });
    expect(blocked.body.code).toBe('upline_not_allowed');
    await call(site.app, {
      method: 'PUT',
      url: `/ops/modules/${moduleIds.toUpline}`,
      headers: opsHeaders,
      payload: { enabled: true },
    });
    expect((await upline())?.toUpline).toBe(true);
    expect((await balanceOf(headers))?.sumBalance).toBe('100000');
    const postings = await db()
      .select({ n: count() })
      .from(ledgerPostings)
      .where(like(ledgerPostings.idempotencyKey, `member:${member.id}:transferUpline:%`));
    expect(postings[0]?.n).toBe(0);
  });
});
