import type { LotteryNews } from '../ui/pages/lottery/lottery-flows.ts';

/**
 * The lottery's real-time news as the pages take it: the realtime wiring emits, open pages
 * listen. Kept apart from the pages so news has somewhere to go before a page is open.
 */
export function createLotteryNews() {
  const listeners = new Set<(news: LotteryNews) => void>();
  return {
    emit: (news: LotteryNews) => {
      for (const listener of listeners) listener(news);
    },
    listen(listener: (news: LotteryNews) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type LotteryNewsHub = ReturnType<typeof createLotteryNews>;
