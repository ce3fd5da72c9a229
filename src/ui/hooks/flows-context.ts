import { createContext, useContext, type Provider } from 'react';

/**
 * A feature's flows context: the app (src/app) creates the feature's actors and machines with
 * their effects supplied and provides them; the feature's screens read them with the hook.
 * (Not XState's `createActorContext`: that makes the actor inside React, while the composition
 * root makes these before the first render and connects them to each other and to the socket.)
 *
 * @example
 * export const [WithdrawFlowsProvider, useWithdrawFlows] = createFlowsContext<WithdrawFlows>('Withdraw');
 */
export function createFlowsContext<T>(name: string): readonly [Provider<T | null>, () => T] {
  const Context = createContext<T | null>(null);
  Context.displayName = `${name}Flows`;
  function useFlows(): T {
    const flows = useContext(Context);
    if (!flows) throw new Error(`use${name}Flows needs <${name}FlowsProvider> from src/app`);
    return flows;
  }
  return [Context.Provider, useFlows] as const;
}
