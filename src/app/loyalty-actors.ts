import { fromPromise } from 'xstate';
import { loyaltyClaimMachine } from '../machines/loyalty-claim.machine.ts';
import { remoteDataMachine } from '../machines/remote-data.machine.ts';
import type { LoyaltyClient, RedeemRequest } from '../services/loyalty.service.ts';
import type { LoyaltyFlows } from '../ui/pages/point-mall/loyalty-flows.ts';

/** The loyalty machines wired to the loyalty calls; `reloadBalance` after a paid claim. */
export function createLoyaltyFlows(deps: {
  loyalty: LoyaltyClient;
  reloadBalance: () => void;
}): LoyaltyFlows {
  const { loyalty, reloadBalance } = deps;
  const load = (read: (params: Record<string, string>, signal: AbortSignal) => Promise<unknown>) =>
    remoteDataMachine.provide({
      actors: { load: fromPromise(({ input, signal }) => read(input.params, signal)) },
    });
  const always = (read: (signal: AbortSignal) => Promise<unknown>) =>
    remoteDataMachine.provide({
      actors: { load: fromPromise(({ signal }) => read(signal)) },
      guards: { isEmpty: () => false },
    });
  const pageOf = (params: Record<string, string>) => Number(params.pageNo ?? '1') || 1;
  return {
    points: always((signal) => loyalty.pointsBalance(signal)),
    details: load((params, signal) => loyalty.pointsDetails(pageOf(params), signal)),
    redemptions: load((params, signal) => loyalty.redemptions(pageOf(params), signal)),
    items: load(async (_, signal) => (await loyalty.pointsItems(signal)).list),
    config: always((signal) => loyalty.pointsConfig(signal)),
    redeem: loyaltyClaimMachine.provide({
      actors: {
        submit: fromPromise(({ input }) => loyalty.redeem(input.request as RedeemRequest)),
      },
      actions: { reloadAfterClaim: reloadBalance },
    }),
    rebate: always((signal) => loyalty.rebateSummary(signal)),
    claimRebate: loyaltyClaimMachine.provide({
      actors: {
        submit: fromPromise(({ input }) =>
          loyalty.claimRebate((input.request as { gameType?: string }).gameType),
        ),
      },
      actions: { reloadAfterClaim: reloadBalance },
    }),
    vip: always((signal) => loyalty.vipInfo(signal)),
  };
}
