import type { ActorRefFrom } from 'xstate';
import type { memberCenterMachine } from '../../machines/member-center.machine.ts';
import type { headerBalanceMachine } from '../../machines/header-balance.machine.ts';
import { createFlowsContext } from '../hooks/flows-context.ts';

/** The member center overlay and the header balance, running for the whole visit. */
export type MemberCenterFlows = {
  /** The member center overlay: closed, or open on a page. */
  memberCenter: ActorRefFrom<typeof memberCenterMachine>;
  /** The header balance's refresh and show/hide. */
  headerBalance: ActorRefFrom<typeof headerBalanceMachine>;
};

export const [MemberCenterFlowsProvider, useMemberCenterFlows] =
  createFlowsContext<MemberCenterFlows>('MemberCenter');
