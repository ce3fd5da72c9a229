import { useActorRef } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PointsBalance } from '../../contract/loyalty.ts';
import { useReloadOn, useRemoteData } from '../hooks/use-remote-data.ts';
import { useLoyaltyFlows, WithLoyaltyFlows } from '../pages/point-mall/with-loyalty-flows.ts';

/** The member's points beside the balance in the header, a link to the points mall. */
export function HeaderPoints() {
  return (
    <WithLoyaltyFlows>
      <HeaderPointsView />
    </WithLoyaltyFlows>
  );
}

function HeaderPointsView() {
  const { t } = useTranslation('loyalty');
  const flows = useLoyaltyFlows();
  const ref = useActorRef(flows.points, { input: {} });
  const view = useRemoteData<PointsBalance>(ref);
  // The count added points, a redemption took some: read them again.
  useReloadOn(flows.listen, ref);
  if (view.status !== 'loaded' || !view.data) return null;
  return (
    <Link
      to="/pointMall"
      className="header-points"
      data-testid="header-points"
      style={{ marginInline: 8, fontSize: '0.875rem', whiteSpace: 'nowrap' }}
    >
      <strong>{view.data.points}</strong> {t('points.unit')}
    </Link>
  );
}
