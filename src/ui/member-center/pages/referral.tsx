import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef } from '@xstate/react';
import { QRCodeSVG } from 'qrcode.react';
import type { ReferralInfo } from '../../../contract/missions.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { RemoteState } from '../../pages/shared/remote-state.tsx';
import { useMoney } from '../../components/form/money-field.tsx';
import { useDateTime } from './records-common.tsx';
import { useMissionsFlows } from '../missions-flows.ts';
import './records.css';
import './missions.css';

/**
 * Invite friends (referral): the player's referral code, link and QR code, the reward's rules,
 * and the friends who registered with the code with their deposit, turnover and state.
 */
export default function ReferralPage() {
  const { t } = useTranslation('missions');
  const flows = useMissionsFlows();
  const ref = useActorRef(flows.referral, { input: {} });
  const view = useRemoteData<ReferralInfo>(ref);
  const headingId = useId();
  return (
    <section className="rc-page" data-testid="page-referral" aria-labelledby={headingId}>
      <h2 id={headingId} className="rc-title">
        {t('referral.title')}
      </h2>
      {/* No friend yet is still a page to show (the code, link and QR to invite them). */}
      <RemoteState view={view.status === 'empty' ? { ...view, status: 'loaded' } : view}>
        {(info) => <Referral info={info} />}
      </RemoteState>
    </section>
  );
}

function Referral({ info }: { info: ReferralInfo }) {
  const { t } = useTranslation('missions');
  const money = useMoney();
  const dateTime = useDateTime();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(info.referralLink).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="ms-referral">
      <p className="rc-note" data-testid="referral-rules">
        {info.rules.enabled
          ? t('referral.rules', {
              reward: money(info.rules.reward),
              deposit: money(info.rules.minDeposit),
              turnover: money(info.rules.minTurnover),
            })
          : t('referral.off')}
      </p>
      <div>
        <span>{t('referral.code')}: </span>
        <span className="ms-code" data-testid="referral-code">
          {info.referralCode}
        </span>
      </div>
      <div className="ms-main">
        {/* In a read-only field: selectable and copyable as one piece. */}
        <input
          className="ms-link"
          readOnly
          value={info.referralLink}
          aria-label={t('referral.link')}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="referral-link"
        />
        <button type="button" className="pg-btn pg-btn--primary" onClick={copy}>
          {copied ? t('referral.copied') : t('referral.copy')}
        </button>
      </div>
      <div className="ms-qr">
        <QRCodeSVG
          value={info.referralLink}
          size={160}
          marginSize={2}
          title={t('referral.qr')}
          role="img"
          aria-label={t('referral.qr')}
          data-testid="referral-qr"
        />
      </div>
      <h3 className="ms-heading">{t('referral.friends')}</h3>
      <p className="rc-note">{t('referral.total', { amount: money(info.totalReward) })}</p>
      {info.friends.length === 0 ? (
        <p className="rc-note" data-testid="referral-no-friends">
          {t('referral.noFriends')}
        </p>
      ) : (
        <table className="rc-table" data-testid="referral-friends">
          <thead>
            <tr>
              <th scope="col">{t('referral.account')}</th>
              <th scope="col">{t('referral.registeredAt')}</th>
              <th scope="col">{t('referral.deposit')}</th>
              <th scope="col">{t('referral.turnover')}</th>
              <th scope="col">{t('referral.state')}</th>
            </tr>
          </thead>
          <tbody>
            {info.friends.map((friend) => (
              <tr key={`${friend.account}-${friend.registeredAt}`}>
                <td>{friend.account}</td>
                <td>{dateTime(friend.registeredAt)}</td>
                <td>{money(friend.deposit)}</td>
                <td>{money(friend.turnover)}</td>
                <td>
                  {friend.state === 'rewarded' && friend.reward
                    ? t('referral.rewarded', { amount: money(friend.reward) })
                    : t('referral.pending')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
