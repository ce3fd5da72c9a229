import { BetsView } from './bets-view.tsx';

/** Personal profit and loss (personalProfit): the member's play per day. */
export default function PersonalProfitPage() {
  return <BetsView kind="profit" />;
}
