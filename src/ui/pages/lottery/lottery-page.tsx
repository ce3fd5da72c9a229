import { useTranslation } from 'react-i18next';
import { SlimTopBar } from '../shared/slim-top-bar.tsx';
import { LotteryBoard } from './lottery-board.tsx';

/** /lottery (no site header): the lottery lobby, or a game's betting view (?view=betting). */
export default function LotteryPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="pg pg--standalone pg-lottery" data-testid="page-lottery">
      <SlimTopBar withLanguage />
      <div className="pg-standalone__body">
        <LotteryBoard title={t('lottery.title')} intro={t('lottery.intro')} />
      </div>
    </div>
  );
}
