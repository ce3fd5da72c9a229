import { useTranslation } from 'react-i18next';
import { LotteryBoard } from './lottery-board.tsx';

/** /vnlottery: the Vietnamese lottery's lobby, or a game's betting view (?view=betting). */
export default function VnLotteryPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="pg pg-vnlottery" data-testid="page-vnlottery">
      <LotteryBoard title={t('vnLottery.title')} intro={t('vnLottery.intro')} />
    </div>
  );
}
