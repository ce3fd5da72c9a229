import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../identity/identity-flows.ts';
import { VipMember } from './vip-member.tsx';
import { constants } from '../../../contract/constants.ts';
import { CustomerServiceLinks } from '../shared/customer-service.tsx';
import { LoginCallToAction } from '../shared/login-cta.tsx';
import '../shared/pages.css';
import './vip.css';
import '../point-mall/point-mall.css';

const levels = [1, 2, 3, 4, 5, 6] as const;

/** Benefits and the first rank that has each; the VIP service channel is above rank 4. */
const benefits = [
  { key: 'promotions', from: 1 },
  { key: 'birthday', from: 2 },
  { key: 'rebate', from: 3 },
  { key: 'withdrawal', from: 4 },
  { key: 'service', from: constants.vipServiceAboveRank + 1 },
  { key: 'events', from: 6 },
] as const;

/** /vip: the VIP levels and what each brings. */
export default function VipPage() {
  const { t } = useTranslation('pages');
  const member = useSelector(useSession(), (s) => s.matches('member'));
  return (
    <div className="pg pg-vip" data-testid="page-vip">
      <section className="vip-hero" aria-labelledby="vip-title">
        <img
          src="/media/pages/vip-crown.svg"
          alt=""
          className="vip-hero__art"
          width="96"
          height="96"
        />
        <div className="pg-intro">
          <h1 id="vip-title">{t('vip.title')}</h1>
          <p>{t('vip.intro')}</p>
        </div>
      </section>

      {member && <VipMember />}

      <section className="pg-section" aria-labelledby="vip-levels">
        <h2 id="vip-levels">{t('vip.levelsTitle')}</h2>
        <div className="vip-table-wrap" tabIndex={0} role="region" aria-label={t('vip.caption')}>
          <table className="vip-table">
            <caption className="pg-visually-hidden">{t('vip.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('vip.level')}</th>
                {benefits.map(({ key }) => (
                  <th scope="col" key={key}>
                    {t(`vip.benefits.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {levels.map((level) => (
                <tr key={level}>
                  <th scope="row">
                    <span className={`vip-badge vip-badge--${level}`}>VIP {level}</span>
                    <span className="vip-name">{t(`vip.names.${level}`)}</span>
                  </th>
                  {benefits.map(({ key, from }) => (
                    <td key={key}>
                      {level >= from ? (
                        <span className="vip-yes">
                          <span aria-hidden="true">✓</span>
                          <span className="pg-visually-hidden">{t('vip.included')}</span>
                        </span>
                      ) : (
                        <span className="vip-no">
                          <span aria-hidden="true">–</span>
                          <span className="pg-visually-hidden">{t('vip.notIncluded')}</span>
                        </span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="pg-grid vip-explain">
          {benefits.map(({ key }) => (
            <li key={key} className="pg-card">
              <h3>{t(`vip.benefits.${key}`)}</h3>
              <p className="pg-muted">{t(`vip.explain.${key}`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="pg-section" aria-labelledby="vip-how">
        <h2 id="vip-how">{t('vip.howTitle')}</h2>
        <p>{t('vip.how')}</p>
        <CustomerServiceLinks types={['VIPSERVICE', 'LIVECHAT']} />
      </section>

      {!member && <LoginCallToAction title={t('vip.ctaTitle')} text={t('vip.ctaText')} />}
    </div>
  );
}
