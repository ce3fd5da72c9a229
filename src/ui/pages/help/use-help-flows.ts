import { use } from 'react';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import type { HelpFlows } from './help-flows.ts';

/** The help flows; the panel suspends (its Suspense shows loading) until they are made. */
export function useHelpFlows(): HelpFlows {
  return use(useSiteShellFlows().help());
}
