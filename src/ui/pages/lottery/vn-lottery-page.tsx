import { useTranslation } from 'react-i18next';
import { LotteryBoard } from './lottery-board.tsx';

/** /vnlottery: the lottery vendors with the Vietnamese lottery first. */
export default function VnLotteryPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="pg pg-vnlottery" data-testid="page-vnlottery">
      <LotteryBoard
        title={t('vnLottery.title')}
        intro={t('vnLottery.intro')}
        first="TCG_LOTTO_VN"
      />
    </div>
  );
}
