import { useMemo } from 'react';
import type { GameVendorLanes } from '../../contract/system.ts';
import { useRemoteData } from '../hooks/use-remote-data.ts';
import { useSiteShellFlows } from './site-shell-flows.ts';

/**
 * A vendor's name as the lobby shows it ("Rajwin Originals"), from the vendor lanes the shell
 * already read; the code itself ("BUILTIN") only while they load or for a vendor not listed.
 */
export function useVendorName(): (vassalage: string) => string {
  const lanes = useRemoteData<GameVendorLanes>(useSiteShellFlows().vendors).data?.lanes;
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const lane of lanes ?? []) {
      for (const card of lane.cards) names.set(card.vassalage, card.displayName);
    }
    return (vassalage: string) => names.get(vassalage) || vassalage;
  }, [lanes]);
}
