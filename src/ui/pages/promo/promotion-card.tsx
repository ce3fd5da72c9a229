import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Promotion } from '../../../contract/promotions.ts';
import { applyLimits } from '../../../contract/promotion-limits.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { useSession } from '../../identity/identity-flows.ts';
import { usePromotionFlows } from './promotion-flows.ts';

/** A picked file as base64 (the server checks its content). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('file not read'));
    reader.readAsDataURL(file);
  });
}

/**
 * One promotion's activity (promotionMachine): its state, the claim or apply button, the
 * application form. `detail` shows the whole description.
 */
export function PromotionActivity({
  promotion,
  detail,
}: {
  promotion: Promotion;
  detail: boolean;
}) {
  const { t } = useTranslation('promotions');
  const format = useFormat();
  const session = useSession();
  const member = useSelector(session, (s) => s.matches('member'));
  const ref = useActorRef(usePromotionFlows().promotion, { input: { promotion } });
  const value = useSelector(ref, (s) => String(s.value));
  const context = useSelector(ref, (s) => s.context);
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const current = context.promotion;
  const amount = current.amount;

  return (
    <div className="promo-activity" data-testid={`promo-${busy ? 'busy' : value}`}>
      <p className={`promo-state promo-state--${current.state}`}>{t(`states.${current.state}`)}</p>
      {current.wageringMultiplier > 0 && (
        <p className="pg-muted">{t('wagering', { times: current.wageringMultiplier })}</p>
      )}
      {context.claim?.amount && context.claim.state === 'issued' && (
        <p className="promo-won" role="status" data-testid="promo-won">
          {t(context.claim.kind === 'raffle' ? 'won' : 'credited', {
            amount: format.money(context.claim.amount),
          })}
        </p>
      )}
      {context.error && (
        <p className="pg-error" role="alert">
          {t(`errors.${context.error}`, { defaultValue: t('errors.system_error') })}
        </p>
      )}
      {!member && ['join', 'claim', 'process'].includes(current.state) && (
        <Link to="/login" className="pg-btn pg-btn--primary pg-btn--small">
          {t('login')}
        </Link>
      )}
      {member && value === 'claim' && (
        <button
          type="button"
          className="pg-btn pg-btn--primary pg-btn--small"
          onClick={() => ref.send({ type: 'user.claim' })}
        >
          {current.needsApproval
            ? t('apply')
            : current.kind === 'raffle'
              ? t('draw')
              : amount
                ? t('claimAmount', { amount: format.money(amount) })
                : t('claim')}
        </button>
      )}
      {member && (value === 'join' || value === 'process') && current.needsApproval && (
        <button
          type="button"
          className="pg-btn pg-btn--small"
          onClick={() => ref.send({ type: 'user.apply' })}
        >
          {t('apply')}
        </button>
      )}
      {member && value === 'join' && !current.needsApproval && current.kind !== 'raffle' && (
        <Link to="/?mc=depositv2" className="pg-btn pg-btn--small">
          {t('deposit')}
        </Link>
      )}
      {member && value === 'issued' && (
        <Link to="/?mc=bonusDetails" className="pg-btn pg-btn--small">
          {t('bonusDetails')}
        </Link>
      )}
      {(value === 'composing' || value === 'applyingSubmit') && (
        <form
          className="promo-apply"
          aria-label={t('applyForm')}
          onSubmit={(event) => {
            event.preventDefault();
            ref.send({ type: 'user.submit' });
          }}
        >
          <label>
            {t('remark', { max: applyLimits.remarkMax })}
            <textarea
              maxLength={applyLimits.remarkMax}
              value={context.remark}
              onChange={(event) =>
                ref.send({ type: 'user.editRemark', remark: event.target.value })
              }
            />
          </label>
          <label>
            {t('images', { max: applyLimits.maxImages })}
            <input
              type="file"
              accept="image/png,image/jpeg"
              disabled={context.images.length >= applyLimits.maxImages}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) {
                  void readBase64(file).then((image) => ref.send({ type: 'user.addImage', image }));
                }
              }}
            />
          </label>
          {context.images.length > 0 && (
            <ul className="promo-apply__images">
              {context.images.map((_, index) => (
                <li key={index}>
                  {t('image', { n: index + 1 })}{' '}
                  <button
                    type="button"
                    className="pg-btn pg-btn--small"
                    onClick={() => ref.send({ type: 'user.removeImage', index })}
                  >
                    {t('remove')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="pg-actions">
            <button type="submit" className="pg-btn pg-btn--primary" disabled={busy}>
              {t('submit')}
            </button>
            <button
              type="button"
              className="pg-btn"
              onClick={() => ref.send({ type: 'user.cancel' })}
            >
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
      {!detail && (
        <Link
          to={`/promoDetail?id=${current.id}`}
          className="pg-btn pg-btn--small"
          aria-label={t('detailsOf', { title: current.title })}
        >
          {t('details')}
        </Link>
      )}
    </div>
  );
}
