import { fromPromise } from 'xstate';
import { depositMachine } from '../machines/deposit.machine.ts';
import type { DepositClient } from '../services/deposit.service.ts';
import type { DepositFlows } from '../ui/member-center/deposit-flows.ts';

/**
 * The deposit machine wired to the deposit calls; an online order sends the browser to the
 * gateway's page (a full navigation: the gateway brings the player back with ?depositOrder=).
 */
export function createDepositFlows(deps: {
  deposit: DepositClient;
  goTo: (url: string) => void;
}): DepositFlows {
  const { deposit } = deps;
  return {
    deposit: depositMachine.provide({
      actors: {
        loadChannels: fromPromise(({ signal }) => deposit.channels(signal)),
        submitDeposit: fromPromise(({ input }) => deposit.create(input)),
        submitTransferReference: fromPromise(({ input }) =>
          deposit.submitReference(input.orderId, input.reference),
        ),
        loadOrder: fromPromise(({ input, signal }) => deposit.order(input.orderId, signal)),
      },
      actions: {
        redirectToGateway: (_, { url }) => {
          if (url) deps.goTo(url);
        },
      },
    }),
  };
}
