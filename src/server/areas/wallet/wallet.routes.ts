import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentBodySchema,
  balanceReplySchema,
  postingReplySchema,
  reconcileReplySchema,
  toWireMinor,
  walletOpsPaths,
  walletPaths,
  type BalanceReply,
} from '../../../contract/wallet.ts';
import type { LedgerService, MemberBalance } from './ledger.service.ts';
import { memberOf } from '../../platform/http/auth.ts';
import type { MemberCache } from '../../platform/members/member-cache.ts';
import { ok, replies } from '../../platform/http/responses.ts';
import {
  idempotentCallDescription,
  sendStored,
} from '../../platform/idempotency/idempotent-replies.ts';

const toBalanceReply = (balance: MemberBalance): BalanceReply => ({
  sumBalance: toWireMinor(balance.sumBalance),
  currency: balance.currency,
  wallets: balance.wallets.map((wallet) => ({ ...wallet, balance: toWireMinor(wallet.balance) })),
});

/** The player's wallet calls. */
export const walletRoutes: FastifyPluginAsyncZod<{
  ledger: LedgerService;
  /** The node's member cache: the balance reply until a posting of the member commits. */
  cache: Pick<MemberCache, 'balances'>;
}> = async (app, { ledger, cache }) => {
  async function balanceReply(memberId: number): Promise<BalanceReply> {
    const hit = cache.balances.get<BalanceReply>(memberId);
    if (hit) return hit;
    const started = cache.balances.started();
    const reply = toBalanceReply(await ledger.balance(memberId));
    cache.balances.set(memberId, reply, started);
    return reply;
  }

  app.get(
    walletPaths.balance,
    {
      onRequest: app.requireMember,
      config: { memberCache: true },
      schema: {
        tags: ['wallet'],
        summary: "The member's wallets and their sum (minor units)",
        security: [{ bearer: [] }],
        response: replies(balanceReplySchema),
      },
    },
    async (request) => {
      const { member } = memberOf(request);
      return ok(await balanceReply(member.id));
    },
  );
};

/** The operator's ledger calls: reconcile, and adjustments with a reason (audited). */
export const walletOpsRoutes: FastifyPluginAsyncZod<{ ledger: LedgerService }> = async (
  app,
  { ledger },
) => {
  const common = {
    onRequest: app.requireOperator,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };
  const tags = ['ops'];
  const security = [{ opsBasic: [] }];

  app.get(
    walletOpsPaths.reconcile,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: "Every wallet's entries against its balance",
        response: replies(reconcileReplySchema),
      },
    },
    async () => ok(await ledger.reconcile()),
  );

  app.post(
    walletOpsPaths.adjustment,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Credit (positive) or debit (negative) a wallet, with a reason',
        description: idempotentCallDescription,
        body: adjustmentBodySchema,
        response: replies(postingReplySchema),
      },
    },
    async (request, reply) => {
      const operator = request.operator;
      if (!operator) throw new Error('requireOperator did not set the operator');
      return sendStored(reply, await ledger.adjust(operator, request.body));
    },
  );
};
