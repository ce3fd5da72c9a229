import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { count, notLike } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { sessions } from '../../src/server/platform/members/members.schema.ts';
import { auditLog } from '../../src/server/platform/audit/audit.schema.ts';
import { ledgerEntries, ledgerPostings } from '../../src/server/areas/wallet/ledger.schema.ts';
import {
  platformMessageMarks,
  platformMessages,
} from '../../src/server/areas/messages/messages.schema.ts';
import { hashToken } from '../../src/server/platform/hash-token.ts';
import { hashMemberPassword } from '../../src/server/platform/members/member-password.ts';
import { recordsOpsPaths, recordsPaths } from '../../src/contract/records.ts';
import { messageOpsPaths, messagePaths } from '../../src/contract/messages.ts';
import { call, opsHeaders, testSite } from '../support/server.ts';
import { createMember } from '../support/identity.ts';

const site = testSite();

/**
 * Rows of every table these calls write: nothing may change on a refused call, except the audit
 * of a wrong payment password (every wrong secret is counted and audited, by design).
 */
async function rows() {
  const db = site.database.db;
  const counts = await Promise.all(
    [ledgerPostings, ledgerEntries, platformMessages, platformMessageMarks].map(async (table) => {
      const [row] = await db.select({ n: count() }).from(table);
      return row?.n ?? 0;
    }),
  );
  const [audits] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(notLike(auditLog.action, '%paymentPassword.wrong'));
  return [...counts, audits?.n ?? 0].join('/');
}

let headers: Record<string, string> = {};
const key = 'abcdefgh12345678';
const huge = 'x'.repeat(300_000);

type Case = [label: string, options: InjectOptions, status?: number];
const member = (options: InjectOptions): InjectOptions => ({
  ...options,
  headers: { ...headers, ...(options.headers as object) },
});

const cases = (): Case[] => [
  // account record and bonus details
  ['records: unknown type', member({ url: `${recordsPaths.transactions}?type=casino` })],
  ['records: page 0', member({ url: `${recordsPaths.transactions}?pageNo=0` })],
  ['records: page size 16', member({ url: `${recordsPaths.transactions}?pageSize=16` })],
  ['records: unknown preset', member({ url: `${recordsPaths.transactions}?preset=last365` })],
  [
    'records: start without end',
    member({ url: `${recordsPaths.transactions}?startDate=2026-01-01T00:00:00Z` }),
  ],
  [
    'records: end before start',
    member({
      url: `${recordsPaths.transactions}?startDate=2026-02-01T00:00:00Z&endDate=2026-01-01T00:00:00Z`,
    }),
  ],
  [
    'records: a year at once',
    member({
      url: `${recordsPaths.transactions}?startDate=2025-01-01T00:00:00Z&endDate=2026-01-01T00:00:00Z`,
    }),
  ],
  [
    'records: not a date',
    member({ url: `${recordsPaths.transactions}?startDate=yesterday&endDate=today` }),
  ],
  ['records: unknown field', member({ url: `${recordsPaths.transactions}?memberId=1` })],
  ['bonuses: kind not a bonus', member({ url: `${recordsPaths.bonuses}?type=deposit` })],
  ['records: no token', { url: recordsPaths.transactions }, 401],
  // wallet transfer
  ...(
    [
      ['no body', undefined],
      ['empty', {}],
      ['same wallet', { from: 'main', to: 'main', amount: '1', idempotencyKey: key }],
      ['negative amount', { from: 'main', to: 'AURALIVE', amount: '-5', idempotencyKey: key }],
      ['zero amount', { from: 'main', to: 'AURALIVE', amount: '0', idempotencyKey: key }],
      ['decimal amount', { from: 'main', to: 'AURALIVE', amount: '1.50', idempotencyKey: key }],
      ['number amount', { from: 'main', to: 'AURALIVE', amount: 100, idempotencyKey: key }],
      [
        'huge amount',
        { from: 'main', to: 'AURALIVE', amount: '9'.repeat(17), idempotencyKey: key },
      ],
      ['no key', { from: 'main', to: 'AURALIVE', amount: '1' }],
      ['short key', { from: 'main', to: 'AURALIVE', amount: '1', idempotencyKey: 'abc' }],
      [
        'hostile wallet',
        { from: 'main', to: "'; drop table wallets --", amount: '1', idempotencyKey: key },
      ],
      [
        'extra field',
        { from: 'main', to: 'AURALIVE', amount: '1', idempotencyKey: key, memberId: 1 },
      ],
    ] as const
  ).map(([label, payload]): Case => [
    `walletTransfer: ${label}`,
    member({ method: 'POST', url: recordsPaths.walletTransfer, payload }),
  ]),
  [
    'walletTransfer: body over the limit',
    member({
      method: 'POST',
      url: recordsPaths.walletTransfer,
      payload: { from: huge, to: 'AURALIVE', amount: '1', idempotencyKey: key },
    }),
    413,
  ],
  [
    'walletTransfer: broken JSON',
    member({
      method: 'POST',
      url: recordsPaths.walletTransfer,
      payload: '{"from":',
      headers: { 'content-type': 'application/json' },
    }),
  ],
  [
    'walletTransfer: unknown vendor',
    member({
      method: 'POST',
      url: recordsPaths.walletTransfer,
      payload: { from: 'main', to: 'NOSUCH', amount: '1', idempotencyKey: key },
    }),
  ],
  [
    'consolidate: no key',
    member({ method: 'POST', url: recordsPaths.consolidatedFunds, payload: {} }),
  ],
  // transfer to upline
  ...(
    [
      ['empty', {}],
      ['no password', { amount: '100', idempotencyKey: key }],
      ['zero', { amount: '0', paymentPassword: '135790', idempotencyKey: key }],
      ['wrong password', { amount: '100', paymentPassword: '999999', idempotencyKey: key }],
      ['long password', { amount: '100', paymentPassword: 'p'.repeat(129), idempotencyKey: key }],
      ['to someone', { amount: '100', paymentPassword: '135790', idempotencyKey: key, to: 1 }],
    ] as const
  ).map(([label, payload]): Case => [
    `transferUpline: ${label}`,
    member({ method: 'POST', url: recordsPaths.transferUpline, payload }),
  ]),
  // messages
  ['messages: page size 100', member({ url: `${messagePaths.list}?pageSize=100` })],
  [
    'messages: read id 0',
    member({ method: 'POST', url: messagePaths.read.replace(':messageId', '0') }),
  ],
  [
    'messages: read id text',
    member({ method: 'POST', url: messagePaths.read.replace(':messageId', 'abc') }),
  ],
  [
    'messages: read unknown',
    member({ method: 'POST', url: messagePaths.read.replace(':messageId', '999999') }),
    404,
  ],
  [
    'messages: delete unknown',
    member({ method: 'DELETE', url: messagePaths.remove.replace(':messageId', '999999') }),
    404,
  ],
  ['unread: no token', { url: messagePaths.unreadCount }, 401],
  // operator calls
  ...(
    [
      ['message without title', messageOpsPaths.messages, { memberId: null, content: 'x' }],
      [
        'message empty content',
        messageOpsPaths.messages,
        { memberId: null, title: 'x', content: '  ' },
      ],
      ['message to member 0', messageOpsPaths.messages, { memberId: 0, title: 'x', content: 'y' }],
      ['message without audience', messageOpsPaths.messages, { title: 'x', content: 'y' }],
      [
        'message too long',
        messageOpsPaths.messages,
        { memberId: null, title: 'x', content: 'y'.repeat(5001) },
      ],
      [
        'bonus of a deposit kind',
        recordsOpsPaths.bonuses,
        { memberId: 1, kind: 'deposit', amount: '1', remark: 'abc', idempotencyKey: key },
      ],
      [
        'bonus negative',
        recordsOpsPaths.bonuses,
        { memberId: 1, kind: 'bonus', amount: '-1', remark: 'abc', idempotencyKey: key },
      ],
      [
        'bonus without remark',
        recordsOpsPaths.bonuses,
        { memberId: 1, kind: 'bonus', amount: '1', idempotencyKey: key },
      ],
    ] as const
  ).map(([label, url, payload]): Case => [
    `ops: ${label}`,
    { method: 'POST', url, payload, headers: opsHeaders },
  ]),
  [
    'ops: wallet mode not boolean',
    {
      method: 'PUT',
      url: recordsOpsPaths.merchantWallet,
      payload: { isSingle: 'yes' },
      headers: opsHeaders,
    },
  ],
  [
    'ops: bonus without operator',
    { method: 'POST', url: recordsOpsPaths.bonuses, payload: {} },
    401,
  ],
];

describe('records, transfers and messages refuse bad input and write nothing', () => {
  it('answers 4xx with a code and a message for every bad call', async () => {
    const { member: player } = await createMember(site.database.db, {
      uplineAffiliateCode: 'DEMO01',
      paymentPasswordHash: await hashMemberPassword('135790'),
    });
    const token = randomBytes(32).toString('base64url');
    await site.database.db.insert(sessions).values({
      tokenHash: hashToken(token),
      memberId: player.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    headers = { authorization: `Bearer ${token}` };
    const before = await rows();
    for (const [label, options, status] of cases()) {
      const reply = await call(site.app, options);
      expect([label, reply.status], label).toEqual([label, status ?? 400]);
      expect(reply.body.success, label).toBe(false);
      expect(reply.body.code, label).toMatch(/^[a-z_]+$/);
      expect(reply.body.message, label).toBeTruthy();
    }
    expect(await rows()).toBe(before);
  });
});
