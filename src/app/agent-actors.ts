import { fromCallback, fromPromise } from 'xstate';
import { agentLiveMachine, type AgentLiveEvent } from '../machines/agent-live.machine.ts';
import { contractMachine } from '../machines/contract.machine.ts';
import type { ContractView } from '../contract/agent.ts';
import type { AgentCalls, AgentFlows } from '../ui/pages/agent/agent-flows.ts';
import type { AgentNewsHub } from './agent-news.ts';

/** Of the caller's contracts of a kind, the one a page shows: waiting for an answer, in force, or the newest. */
export function pickContract(
  contracts: readonly ContractView[],
  side: 'upline' | 'downline',
  downline: string | null,
  contractId: number | null,
): ContractView | null {
  const mine = contracts.filter(
    (c) => c.role === side && (side === 'downline' || downline === null || c.downline === downline),
  );
  const rank = (c: ContractView) =>
    c.state === 'pending' ? 0 : c.state === 'active' || c.state === 'terminating' ? 1 : 2;
  const sorted = [...mine].sort((a, b) => rank(a) - rank(b) || b.contractId - a.contractId);
  // The contract the page shows keeps its place while it stays pending or in force.
  const same = mine.find((c) => c.contractId === contractId);
  if (same && rank(same) < 2 && rank(same) <= rank(sorted[0]!)) return same;
  return sorted[0] ?? null;
}

/** The agent center's flows with their effects: the calls, the contract machine per side, the news. */
export function createAgentFlows(calls: AgentCalls, news: AgentNewsHub): AgentFlows {
  const contract = (side: 'upline' | 'downline') =>
    contractMachine.provide({
      actors: {
        submitContract: fromPromise(({ input, signal }) =>
          calls.processContract(input.kind, input.body, signal),
        ),
        loadContract: fromPromise(async ({ input, signal }) => {
          const { contracts } = await calls.processContract(input.kind, { action: 'list' }, signal);
          return pickContract(contracts, side, input.downline, input.contractId);
        }),
      },
      guards: { isUpline: () => side === 'upline' },
    });
  const live = () =>
    agentLiveMachine.provide({
      actors: {
        loadLive: fromPromise(({ signal }) => calls.live(signal)),
        // The channel's news as the live view's socket events.
        watchLive: fromCallback<AgentLiveEvent>(({ sendBack }) =>
          news.listen((one) => {
            if (one.name === 'channel') {
              sendBack({
                type: one.payload.connected ? 'socket.reconnected' : 'socket.disconnected',
              });
            } else {
              sendBack({
                type: 'socket.liveChanged',
                reason: one.name === 'agentLive' ? one.payload.reason : one.name,
              });
            }
          }),
        ),
      },
    });
  return { calls, contract, live, listen: news.listen };
}
