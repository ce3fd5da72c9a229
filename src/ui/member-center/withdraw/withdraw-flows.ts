import { use } from 'react';
import { createFlowsContext } from '../../hooks/flows-context.ts';
import type { withdrawalMachine } from '../../../machines/withdrawal.machine.ts';
import type { withdrawalConfirmationMachine } from '../../../machines/withdrawal-confirmation.machine.ts';

/**
 * The withdrawal page's flows, their effects supplied by the app (src/app/withdraw-actors.ts).
 * The page starts its own actors with `useActorRef(flow, ...)`.
 */
export type WithdrawFlows = {
  /** The page: load, bind a bank account, set the payment password, request. */
  withdrawal: typeof withdrawalMachine;
  /** The confirmation of one paid request (input: withdrawalId, amount). */
  confirmation: typeof withdrawalConfirmationMachine;
  /** A fresh idempotency key for one request. */
  newRequestKey: () => string;
};

/** The withdrawal flows come with the first withdrawal page (not the first page): one promise. */
export type WithdrawFlowsLoader = () => Promise<WithdrawFlows>;

export const [WithdrawFlowsProvider, useWithdrawFlowsLoader] =
  createFlowsContext<WithdrawFlowsLoader>('Withdraw');

/** The withdrawal flows; the page suspends (its Suspense shows loading) until they are made. */
export function useWithdrawFlows(): WithdrawFlows {
  return use(useWithdrawFlowsLoader()());
}
