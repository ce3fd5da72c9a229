import { fromPromise } from 'xstate';
import { loyaltyClaimMachine } from '../machines/loyalty-claim.machine.ts';
import { remoteDataMachine } from '../machines/remote-data.machine.ts';
import type { HttpClient } from '../services/http-client.ts';
import type { News } from './news.ts';
import { createLoyaltyClient, type RedeemRequest } from '../services/loyalty.service.ts';
import type { LoyaltyFlows } from '../ui/pages/point-mall/loyalty-flows.ts';

/**
 * The loyalty machines wired to the loyalty calls (this chunk loads with the first loyalty
 * screen). The balance after a paid claim comes as the ledger's balance event.
 */
export function createLoyaltyFlows(http: HttpClient, news: News): LoyaltyFlows {
  const loyalty = createLoyaltyClient(http);
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
    }),
    rebate: always((signal) => loyalty.rebateSummary(signal)),
    claimRebate: loyaltyClaimMachine.provide({
      actors: {
        submit: fromPromise(({ input }) =>
          loyalty.claimRebate((input.request as { gameType?: string }).gameType),
        ),
      },
    }),
    vip: always((signal) => loyalty.vipInfo(signal)),
    listen: news.listen,
  };
}
