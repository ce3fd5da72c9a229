import { use } from 'react';
import { createFlowsContext } from '../hooks/flows-context.ts';
import type { depositMachine } from '../../machines/deposit.machine.ts';

/**
 * The deposit page's flow, its effects supplied by the app: the page starts it with
 * `useActorRef(flows.deposit, { input: { returnedOrderId } })` each time it opens.
 */
export type DepositFlows = { deposit: typeof depositMachine };

/** The deposit flow comes with the first deposit page (not the first page): one promise. */
export type DepositFlowsLoader = () => Promise<DepositFlows>;

export const [DepositFlowsProvider, useDepositFlowsLoader] =
  createFlowsContext<DepositFlowsLoader>('Deposit');

/** The deposit flows; the page suspends (its Suspense shows loading) until they are made. */
export function useDepositFlows(): DepositFlows {
  return use(useDepositFlowsLoader()());
}
