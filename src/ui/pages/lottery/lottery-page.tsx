import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderBalance } from '../../layout/header-balance.tsx';
import { NotificationToasts } from '../../layout/header-notifications.tsx';
import { SlimTopBar } from '../shared/slim-top-bar.tsx';
import { LotteryBoard } from './lottery-board.tsx';
import { useLotteryMember } from './use-lottery.ts';

/**
 * /lottery (no site header): the lottery lobby, or a game's betting view (?view=betting). Its
 * own top bar carries what the header would for a member: the live balance, and the toasts of
 * the member's notifications (a lottery win among them).
 */
export default function LotteryPage() {
  const { t } = useTranslation('pages');
  const { signedIn } = useLotteryMember();
  return (
    <div className="pg pg--standalone pg-lottery" data-testid="page-lottery">
      <SlimTopBar withLanguage>{signedIn && <HeaderBalance />}</SlimTopBar>
      {signedIn && (
        <Suspense fallback={null}>
          <NotificationToasts />
        </Suspense>
      )}
      <div className="pg-standalone__body">
        <LotteryBoard
          title={t('lottery.title')}
          intro={t(signedIn ? 'lottery.introMember' : 'lottery.intro')}
        />
      </div>
    </div>
  );
}
