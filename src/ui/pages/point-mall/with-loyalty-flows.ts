import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import { useLoyaltyFlowsLoader, type LoyaltyFlows } from './loyalty-flows.ts';

const Loaded = createContext<LoyaltyFlows | null>(null);

/** Renders its children once the loyalty flows are loaded (nothing before). */
export function WithLoyaltyFlows({ children }: { children: ReactNode }) {
  const load = useLoyaltyFlowsLoader();
  const [flows, setFlows] = useState<LoyaltyFlows | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => {
        if (live) setFlows(loaded);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [load]);
  return flows ? createElement(Loaded.Provider, { value: flows }, children) : null;
}

/** The loaded flows, inside `WithLoyaltyFlows`. */
export function useLoyaltyFlows(): LoyaltyFlows {
  const flows = useContext(Loaded);
  if (!flows) throw new Error('useLoyaltyFlows needs <WithLoyaltyFlows>');
  return flows;
}
