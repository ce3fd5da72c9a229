import type { z } from 'zod';
import type {
  transferDownlineBodySchema,
  transferDownlineReplySchema,
} from '../../../contract/agent.ts';
import { mainWalletKind, toWireMinor } from '../../../contract/wallet.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { AppError } from '../../platform/errors.ts';
import type { Db } from '../../platform/db/client.ts';
import type { MemberRow } from '../../platform/http/auth.ts';
import {
  idempotentReply,
  type StoredReply,
} from '../../platform/idempotency/idempotent-replies.ts';
import type { MemberSecrets } from '../../platform/members/member-secrets.ts';
import { findMemberById } from '../../platform/members/members.queries.ts';
import type { WalletPort } from '../wallet/wallet.port.ts';
import { teamMemberOr403 } from './access.ts';

type TransferBody = z.infer<typeof transferDownlineBodySchema>;
type TransferReply = z.infer<typeof transferDownlineReplySchema>;

/**
 * Transfer to a downline (spec section 6): the agent's main wallet to a member of its team (any
 * depth), with the agent's payment password, as ONE ledger posting (transfer_out and
 * transfer_in), audited, idempotent by the client's key; the balance events go to both after
 * the commit (the ledger's announcer).
 */
export function createTransferService(deps: {
  db: Db;
  ledger: Pick<WalletPort['ledger'], 'transfer' | 'balance'>;
  secrets: Pick<MemberSecrets, 'verifyPaymentPassword'>;
}) {
  const { db, ledger, secrets } = deps;

  async function replyOf(
    agentId: number,
    downline: string,
    posting: { postingId: string; createdAt: string; entries: { kind: string; amount: string }[] },
    tx: Db = db,
  ): Promise<TransferReply> {
    const balance = await ledger.balance(agentId, tx);
    const main = balance.wallets.find((wallet) => wallet.kind === mainWalletKind);
    return {
      postingId: posting.postingId,
      amount: posting.entries.find((entry) => entry.kind === 'transfer_in')?.amount ?? '0',
      downline,
      mainBalance: toWireMinor(main?.balance ?? 0n),
      createdAt: posting.createdAt,
    };
  }

  return {
    async toDownline(agent: MemberRow, body: TransferBody): Promise<StoredReply> {
      // The team first (403 not_in_team, nothing counted), then the secret, then the money.
      const target = await teamMemberOr403(db, agent.id, body.downline);
      // A disabled downline (or one not yet active) receives nothing, as it can spend nothing.
      if ((await findMemberById(db, target.id))?.status !== 'active') {
        throw new AppError(403, 'downline_disabled');
      }
      await secrets.verifyPaymentPassword(agent, body.paymentPassword, {
        action: 'agent.transferDownline.paymentPassword.wrong',
      });
      const amount = BigInt(body.amount);
      const call = {
        scope: `member:${agent.id}`,
        key: body.idempotencyKey,
        operation: 'agent.transferDownline',
        request: { downline: target.id, amount: body.amount },
      };
      return idempotentReply<TransferReply>(db, call, async (record) => {
        const result = await ledger.transfer(
          {
            from: { memberId: agent.id },
            to: { memberId: target.id },
            amount,
            idempotencyKey: `member:${agent.id}:agentTransfer:${body.idempotencyKey}`,
            reference: `downline:${target.username}`,
            actor: `member:${agent.id}`,
          },
          async (tx, posting) => {
            const out = posting.entries.find((entry) => entry.kind === 'transfer_out');
            const after = BigInt(out?.balanceAfter ?? '0');
            await insertAudit(tx, {
              actor: `member:${agent.id}`,
              action: 'agent.transferDownline',
              target: `member:${target.id}`,
              before: { balance: toWireMinor(after + amount) },
              after: {
                balance: toWireMinor(after),
                amount: body.amount,
                postingId: posting.postingId,
              },
            });
            await record(tx, await replyOf(agent.id, target.username, posting, tx));
          },
        );
        return replyOf(agent.id, target.username, result.reply);
      });
    },
  };
}
export type TransferService = ReturnType<typeof createTransferService>;
