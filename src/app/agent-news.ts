import type { AgentNews } from '../ui/pages/agent/agent-flows.ts';

/**
 * The agent center's real-time news as the pages take it: the realtime wiring emits, open
 * pages listen (kept apart from the pages so news has somewhere to go before one is open).
 */
export function createAgentNews() {
  const listeners = new Set<(news: AgentNews) => void>();
  return {
    emit: (news: AgentNews) => {
      for (const listener of listeners) listener(news);
    },
    listen(listener: (news: AgentNews) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type AgentNewsHub = ReturnType<typeof createAgentNews>;
