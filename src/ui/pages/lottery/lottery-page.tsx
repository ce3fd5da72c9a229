import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SlimTopBar } from '../shared/slim-top-bar.tsx';
import { LotteryBoard } from './lottery-board.tsx';

/** /lottery (no site header): the lottery vendors; ?vendor= preselects one. */
export default function LotteryPage() {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  return (
    <div className="pg pg--standalone pg-lottery" data-testid="page-lottery">
      <SlimTopBar withLanguage />
      <div className="pg-standalone__body">
        <LotteryBoard
          title={t('lottery.title')}
          intro={t('lottery.intro')}
          initialVendor={params.get('vendor')}
        />
      </div>
    </div>
  );
}
