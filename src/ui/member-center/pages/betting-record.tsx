import { BetsView } from './bets-view.tsx';

/** Betting record (personalHistoryCopy): the member's bets from the games, by filter. */
export default function BettingRecordPage() {
  return <BetsView kind="bets" />;
}
