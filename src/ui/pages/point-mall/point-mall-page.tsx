import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../identity/identity-flows.ts';
import { LoginCallToAction } from '../shared/login-cta.tsx';
import '../shared/pages.css';
import './point-mall.css';
import { PointsMember } from './points-member.tsx';

const facts = ['earn', 'redeem', 'expire', 'history'] as const;
const steps = ['play', 'check', 'choose', 'receive'] as const;

/** /pointMall: how points are earned and redeemed; balances appear after login. */
export default function PointMallPage() {
  const { t } = useTranslation('pages');
  const member = useSelector(useSession(), (s) => s.matches('member'));
  return (
    <div className="pg pg-point-mall" data-testid="page-point-mall">
      <section className="mall-hero" aria-labelledby="mall-title">
        <div className="pg-intro">
          <h1 id="mall-title">{t('pointMall.title')}</h1>
          <p>{t('pointMall.intro')}</p>
          <p className="mall-never">
            <img src="/media/pages/points-never-expire.svg" alt="" width="28" height="28" />
            <strong>{t('pointMall.neverExpire')}</strong>
          </p>
        </div>
        <img
          src="/media/pages/point-mall.svg"
          alt=""
          className="mall-hero__art"
          width="240"
          height="200"
        />
      </section>
      <ul className="pg-grid mall-facts">
        {facts.map((fact) => (
          <li key={fact} className="pg-card">
            <h2>{t(`pointMall.facts.${fact}.title`)}</h2>
            <p className="pg-muted">{t(`pointMall.facts.${fact}.text`)}</p>
          </li>
        ))}
      </ul>
      <section className="pg-section" aria-labelledby="mall-steps">
        <h2 id="mall-steps">{t('pointMall.stepsTitle')}</h2>
        <ol className="pg-steps pg-card mall-steps">
          {steps.map((step) => (
            <li key={step}>{t(`pointMall.steps.${step}`)}</li>
          ))}
        </ol>
      </section>
      {member ? (
        <PointsMember />
      ) : (
        <LoginCallToAction title={t('pointMall.ctaTitle')} text={t('pointMall.ctaText')} />
      )}
    </div>
  );
}
