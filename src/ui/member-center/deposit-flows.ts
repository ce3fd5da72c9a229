import { createFlowsContext } from '../hooks/flows-context.ts';
import type { depositMachine } from '../../machines/deposit.machine.ts';

/**
 * The deposit page's flow, its effects supplied by the app: the page starts it with
 * `useActorRef(flows.deposit, { input: { returnedOrderId } })` each time it opens.
 */
export type DepositFlows = { deposit: typeof depositMachine };

export const [DepositFlowsProvider, useDepositFlows] = createFlowsContext<DepositFlows>('Deposit');
