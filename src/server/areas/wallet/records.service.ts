import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import {
  findUplineAgent,
  listMemberEntries,
  summarizeMemberEntries,
  type EntryFilter,
} from './records.repository.ts';
import { getSettings, updateSettings } from '../system/system.port.ts';
import { listVendors } from '../system/system.port.ts';
import type { MemberRow } from '../../platform/http/auth.ts';
import { constants, type Language } from '../../../contract/constants.ts';
import { isModuleEnabled, moduleIds } from '../../../contract/system.ts';
import { presetRange, type DatePreset } from '../../../contract/date-presets.ts';
import { mainWalletKind, toWireMinor, type EntryKind } from '../../../contract/wallet.ts';
import {
  bonusKinds,
  type Counterparty,
  type bonusBodySchema,
  type bonusQuerySchema,
  type ConsolidatedFunds,
  type ConsolidateReply,
  type MerchantWallet,
  type RecordPage,
  type TransactionType,
  type transactionQuerySchema,
  type TransferReply,
  type TransferUplineBody,
  type TransferUplineReply,
  type WalletTransferBody,
} from '../../../contract/records.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { LedgerService } from './ledger.service.ts';
import type { createRecordRemarks } from './record-remarks.ts';
import type { Operator } from '../../platform/http/auth.ts';
import type { SystemService } from '../system/system.port.ts';
import {
  idempotentReply,
  type StoredReply,
} from '../../platform/idempotency/idempotent-replies.ts';
import type { PostingReply } from '../../../contract/wallet.ts';
import { createMemberSecrets } from '../../platform/members/member-secrets.ts';

type TransactionQuery = z.output<typeof transactionQuerySchema>;
type BonusQuery = z.output<typeof bonusQuerySchema>;
type BonusBody = z.output<typeof bonusBodySchema>;

/** The entry kinds behind each type filter of the account record. */
const kindsOfType: Record<TransactionType, readonly EntryKind[] | null> = {
  all: null,
  deposit: ['deposit'],
  withdrawal: ['withdrawal', 'withdrawal_reversal'],
  transfer: ['transfer_in', 'transfer_out'],
  adjustment: ['adjustment'],
  bonus: bonusKinds,
  game: ['bet', 'payout', 'bet_refund'],
};

const isBonusKind = (kind: EntryKind) => (bonusKinds as readonly EntryKind[]).includes(kind);

/**
 * The member's records and the transfers of the member center: account record, bonus details,
 * merchant wallet mode, consolidated funds, transfers between the main wallet and vendor
 * wallets, and the transfer to the upline agent. Money moves only through the ledger, with the
 * member's idempotency key (namespaced by member, so two members' keys never meet), and each
 * posting writes its audit record in its own transaction.
 */
export function createRecordsService(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  system: Pick<SystemService, 'whitelabel'>;
  /** Names of bonus entries' references, registered by the areas that post them. */
  remarks: Pick<ReturnType<typeof createRecordRemarks>, 'remarksOf'>;
}) {
  const { db, ledger } = deps;
  const secrets = createMemberSecrets({ db, clock: deps.clock });

  function rangeOf(query: { preset?: DatePreset; startDate?: string; endDate?: string }) {
    if (query.startDate && query.endDate && !query.preset) {
      return { start: new Date(query.startDate), end: new Date(query.endDate) };
    }
    return presetRange(query.preset ?? 'last7', deps.clock());
  }

  async function page(
    memberId: number,
    kinds: readonly EntryKind[] | null,
    query: TransactionQuery | BonusQuery,
    language: Language,
  ): Promise<RecordPage> {
    const { start, end } = rangeOf(query);
    const filter: EntryFilter = { memberId, kinds, start, end };
    const [rows, summary, vendors] = await Promise.all([
      listMemberEntries(db, filter, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      }),
      summarizeMemberEntries(db, filter),
      listVendors(db),
    ]);
    // What each bonus was for, in the player's language: one call per kind of reference.
    const remarkOf = await deps.remarks.remarksOf(
      rows.flatMap((row) => (isBonusKind(row.kind) && row.reference ? [row.reference] : [])),
      language,
    );
    const vendorNames = new Map(vendors.map((vendor) => [vendor.vassalage, vendor.displayName]));
    const walletName = (kind: string) =>
      kind === mainWalletKind ? null : (vendorNames.get(kind) ?? kind);
    const counterpartyOf = (row: (typeof rows)[number]): Counterparty | null => {
      if (row.otherMemberId === null || row.otherWalletKind === null) return null;
      if (row.otherMemberId === memberId) {
        return row.otherWalletKind === mainWalletKind
          ? { type: 'mainWallet', name: null }
          : { type: 'gameWallet', name: walletName(row.otherWalletKind) };
      }
      const type = row.otherIsUpline ? 'upline' : row.otherIsDownline ? 'downline' : 'member';
      return { type, name: row.otherNickname || row.otherUsername };
    };
    return {
      content: rows.map((row) => ({
        entryId: String(row.id),
        kind: row.kind,
        walletKind: row.walletKind,
        walletName: walletName(row.walletKind),
        counterparty: counterpartyOf(row),
        amount: toWireMinor(row.amount),
        balanceAfter: toWireMinor(row.balanceAfter),
        // Only a bonus's name is written for the player; other notes are references or reasons.
        remark: isBonusKind(row.kind) && row.reference ? remarkOf(row.reference) : null,
        createdAt: row.createdAt.toISOString(),
      })),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalPages: Math.ceil(summary.total / query.pageSize),
      totalElements: summary.total,
      totalIn: toWireMinor(summary.totalIn),
      totalOut: toWireMinor(summary.totalOut),
      startDate: start.toISOString(),
      endDate: end.toISOString(),
    };
  }

  async function isSingle(): Promise<boolean> {
    return (await getSettings(db)).singleWallet;
  }

  async function funds(memberId: number): Promise<ConsolidatedFunds> {
    const [balance, vendors, single] = await Promise.all([
      ledger.balance(memberId),
      listVendors(db),
      isSingle(),
    ]);
    const held = new Map(balance.wallets.map((wallet) => [wallet.kind, wallet.balance]));
    const main = held.get(mainWalletKind) ?? 0n;
    // Every vendor, with 0 where the member has no wallet yet (made by the first transfer).
    const vendorWallets = vendors.map((vendor) => ({
      kind: vendor.vassalage,
      displayName: vendor.displayName,
      balance: toWireMinor(held.get(vendor.vassalage) ?? 0n),
    }));
    const known = new Set([mainWalletKind, ...vendors.map((vendor) => vendor.vassalage)]);
    const others = balance.wallets
      .filter((wallet) => !known.has(wallet.kind))
      .map((wallet) => ({
        kind: wallet.kind,
        displayName: wallet.kind,
        balance: toWireMinor(wallet.balance),
      }));
    return {
      isSingle: single,
      sumBalance: toWireMinor(balance.sumBalance),
      currency: balance.currency,
      main: toWireMinor(main),
      wallets: [
        { kind: mainWalletKind, displayName: null, balance: toWireMinor(main) },
        ...vendorWallets,
        ...others,
      ],
    };
  }

  /** A transfer's reply: the posting and the member's balances as its transaction left them. */
  async function transferReply(
    memberId: number,
    posting: PostingReply,
    tx: Db = db,
  ): Promise<TransferReply> {
    const balance = await ledger.balance(memberId, tx);
    const main = balance.wallets.find((wallet) => wallet.kind === mainWalletKind);
    const moved = posting.entries.find((entry) => entry.kind === 'transfer_in');
    return {
      postingId: posting.postingId,
      amount: moved?.amount ?? '0',
      mainBalance: toWireMinor(main?.balance ?? 0n),
      sumBalance: toWireMinor(balance.sumBalance),
      createdAt: posting.createdAt,
    };
  }

  const memberKey = (member: MemberRow, area: string, key: string) =>
    `member:${member.id}:${area}:${key}`;

  /** A member's call with a key: its first reply is stored and replayed (idempotent-replies.ts). */
  const memberCall = (member: MemberRow, operation: string, key: string, request: unknown) => ({
    scope: `member:${member.id}`,
    key,
    operation,
    request,
  });

  return {
    transactions: (member: MemberRow, query: TransactionQuery, language: Language) =>
      page(member.id, kindsOfType[query.type], query, language),

    bonuses: (member: MemberRow, query: BonusQuery, language: Language) =>
      page(member.id, query.type === 'all' ? bonusKinds : [query.type], query, language),

    async merchantWallet(): Promise<MerchantWallet> {
      return { isSingle: await isSingle() };
    },

    funds: (member: MemberRow) => funds(member.id),

    /**
     * Main wallet to a vendor wallet or back; refused when the site has one wallet. The reply
     * (with the balances the transfer left) is stored with the posting and replayed by its key.
     */
    async walletTransfer(member: MemberRow, body: WalletTransferBody): Promise<StoredReply> {
      const { idempotencyKey, ...asked } = body;
      const call = memberCall(member, 'wallet.transfer', idempotencyKey, asked);
      return idempotentReply<TransferReply>(db, call, async (record) => {
        if (await isSingle()) throw new AppError(409, 'wallet_single');
        const vendorKind = body.from === mainWalletKind ? body.to : body.from;
        const vendorSide = body.from === mainWalletKind || body.to === mainWalletKind;
        const vendors = await listVendors(db);
        if (!vendorSide || !vendors.some((vendor) => vendor.vassalage === vendorKind)) {
          throw new AppError(400, 'wallet_unknown');
        }
        const amount = BigInt(body.amount);
        const result = await ledger.transfer(
          {
            from: { memberId: member.id, walletKind: body.from },
            to: { memberId: member.id, walletKind: body.to },
            amount,
            idempotencyKey: memberKey(member, 'walletTransfer', body.idempotencyKey),
            reference: `${body.from}>${body.to}`,
            actor: `member:${member.id}`,
          },
          async (tx, reply) => {
            await insertAudit(tx, {
              actor: `member:${member.id}`,
              action: 'wallet.transfer',
              target: `member:${member.id}`,
              before: null,
              after: {
                from: body.from,
                to: body.to,
                amount: body.amount,
                postingId: reply.postingId,
                balances: reply.entries.map((entry) => [entry.walletKind, entry.balanceAfter]),
              },
            });
            await record(tx, await transferReply(member.id, reply, tx));
          },
        );
        return transferReply(member.id, result.reply);
      });
    },

    /**
     * Every vendor wallet's balance back to the main wallet, one transfer each, keyed by the
     * member's key and the wallet, so a retried call moves nothing twice.
     */
    async consolidate(member: MemberRow, key: string): Promise<StoredReply> {
      const call = memberCall(member, 'wallet.consolidate', key, {});
      // One posting per wallet: the reply is stored after the last one (each is keyed, so a
      // call cut short moves the rest when called again and then stores its reply).
      return idempotentReply<ConsolidateReply>(db, call, async () => {
        if (await isSingle()) throw new AppError(409, 'wallet_single');
        const balance = await ledger.balance(member.id);
        let moved = 0n;
        for (const wallet of balance.wallets) {
          if (wallet.kind === mainWalletKind || wallet.balance <= 0n) continue;
          const result = await ledger.transfer(
            {
              from: { memberId: member.id, walletKind: wallet.kind },
              to: { memberId: member.id, walletKind: mainWalletKind },
              amount: wallet.balance,
              idempotencyKey: memberKey(member, `consolidate:${wallet.kind}`, key),
              reference: `${wallet.kind}>${mainWalletKind}`,
              actor: `member:${member.id}`,
            },
            async (tx, reply) => {
              await insertAudit(tx, {
                actor: `member:${member.id}`,
                action: 'wallet.consolidate',
                target: `member:${member.id}`,
                before: { [wallet.kind]: toWireMinor(wallet.balance) },
                after: { [wallet.kind]: '0', postingId: reply.postingId },
              });
            },
          );
          if (!result.replayed) moved += wallet.balance;
        }
        return { moved: toWireMinor(moved), funds: await funds(member.id) };
      });
    },

    /**
     * Main wallet to the agent whose invitation code the member registered with; needs the
     * TOUPLINE module, a live upline agent and the member's payment password.
     */
    async transferUpline(member: MemberRow, body: TransferUplineBody): Promise<StoredReply> {
      const modules = await deps.system.whitelabel();
      const code = member.uplineAffiliateCode;
      if (!isModuleEnabled(modules, moduleIds.toUpline) || !code) {
        throw new AppError(403, 'upline_not_allowed');
      }
      const agent = await findUplineAgent(db, code, constants.agentCenterTypes);
      if (!agent || agent.id === member.id) throw new AppError(403, 'upline_not_allowed');
      // The one count of the member's payment password, shared with withdrawals.
      await secrets.verifyPaymentPassword(member, body.paymentPassword, {
        action: 'wallet.transferUpline.paymentPassword.wrong',
      });
      const amount = BigInt(body.amount);
      const upline = agent.nickname || agent.username;
      const call = memberCall(member, 'wallet.transferUpline', body.idempotencyKey, {
        amount: body.amount,
      });
      return idempotentReply<TransferUplineReply>(db, call, async (record) => {
        const result = await ledger.transfer(
          {
            from: { memberId: member.id },
            to: { memberId: agent.id },
            amount,
            idempotencyKey: memberKey(member, 'transferUpline', body.idempotencyKey),
            reference: `upline:${agent.username}`,
            actor: `member:${member.id}`,
          },
          async (tx, reply) => {
            const out = reply.entries.find((entry) => entry.kind === 'transfer_out');
            const after = BigInt(out?.balanceAfter ?? '0');
            await insertAudit(tx, {
              actor: `member:${member.id}`,
              action: 'wallet.transferUpline',
              target: `member:${agent.id}`,
              before: { balance: toWireMinor(after + amount) },
              after: {
                balance: toWireMinor(after),
                amount: body.amount,
                postingId: reply.postingId,
              },
            });
            await record(tx, { ...(await transferReply(member.id, reply, tx)), upline });
          },
        );
        return { ...(await transferReply(member.id, result.reply)), upline };
      });
    },

    /** Operator: the site's wallet mode. */
    async setMerchantWallet(operator: Operator, body: MerchantWallet): Promise<MerchantWallet> {
      return db.transaction(async (tx) => {
        const before = await getSettings(tx);
        const row = await updateSettings(tx, { singleWallet: body.isSingle });
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'wallet.merchantMode',
          target: 'system_settings',
          before: { isSingle: before.singleWallet },
          after: { isSingle: row.singleWallet },
        });
        return { isSingle: row.singleWallet };
      });
    },

    /** Operator: a bonus or rebate credited to the member's main wallet, audited. */
    async grantBonus(operator: Operator, body: BonusBody): Promise<StoredReply> {
      const amount = BigInt(body.amount);
      const { idempotencyKey, ...asked } = body;
      const call = {
        scope: `operator:${operator.username}`,
        key: idempotencyKey,
        operation: 'ledger.bonus',
        request: asked,
      };
      return idempotentReply<PostingReply>(db, call, async (record) => {
        const { reply } = await ledger.post(
          {
            memberId: body.memberId,
            kind: body.kind,
            amount,
            idempotencyKey: `ops:${operator.username}:bonus:${body.idempotencyKey}`,
            reference: body.remark,
            actor: `operator:${operator.username}`,
          },
          async (tx, posted) => {
            await insertAudit(tx, {
              actor: `operator:${operator.username}`,
              action: `ledger.${body.kind}`,
              target: `member:${body.memberId}`,
              before: null,
              after: { amount: body.amount, remark: body.remark, postingId: posted.postingId },
            });
            await record(tx, posted);
          },
        );
        return reply;
      });
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
