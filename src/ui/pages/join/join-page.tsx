import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { constants } from '../../../contract/constants.ts';
import { isModuleEnabled, moduleIds } from '../../../contract/system.ts';
import { CustomerServiceLinks } from '../shared/customer-service.tsx';
import { usePermission } from '../shared/site-data.ts';
import '../shared/pages.css';
import './join.css';

/** The agent commission types of the spec, each behind its site flag. */
const commissions = [
  { key: 'dividend', flag: moduleIds.enableCt },
  { key: 'daily', flag: moduleIds.salary },
  { key: 'hourly', flag: moduleIds.hourSalary },
  { key: 'realtime', flag: moduleIds.agentRealtimeSalary },
] as const;

const reasons = ['income', 'team', 'tools', 'support'] as const;
const steps = ['register', 'apply', 'share', 'earn'] as const;

/** Join as an agent: why, how you are paid, the steps, and where to start. */
export default function JoinPage() {
  const { t } = useTranslation('pages');
  const permission = usePermission();
  // Before start-up data arrives every type is listed; after it, only those the site offers.
  const offered = commissions.filter(
    ({ flag }) => !permission || isModuleEnabled(permission.modules, flag),
  );
  return (
    <div className="pg pg-join" data-testid="page-join">
      <section className="join-hero" aria-labelledby="join-title">
        <div className="join-hero__text">
          <h1 id="join-title">{t('join.title')}</h1>
          <p>{t('join.intro')}</p>
          <div className="pg-actions">
            <Link to="/register" className="pg-btn pg-btn--primary">
              {t('join.register')}
            </Link>
          </div>
        </div>
        <img
          src="/media/pages/join-hero.svg"
          alt=""
          className="join-hero__art"
          width="320"
          height="240"
        />
      </section>

      <section className="pg-section" aria-labelledby="join-why">
        <h2 id="join-why">{t('join.why.title')}</h2>
        <ul className="pg-grid join-list">
          {reasons.map((reason) => (
            <li key={reason} className="pg-card">
              <h3>{t(`join.why.${reason}.title`)}</h3>
              <p className="pg-muted">{t(`join.why.${reason}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="pg-section" aria-labelledby="join-commission">
        <div className="pg-intro">
          <h2 id="join-commission">{t('join.commission.title')}</h2>
          <p className="pg-muted">{t('join.commission.intro')}</p>
        </div>
        {offered.length === 0 ? (
          <p className="pg-muted">{t('join.commission.none')}</p>
        ) : (
          <ul className="pg-grid join-list">
            {offered.map(({ key }) => (
              <li key={key} className="pg-card join-commission">
                <img src={`/media/pages/commission-${key}.svg`} alt="" width="44" height="44" />
                <h3>{t(`join.commission.${key}.title`)}</h3>
                <p className="pg-muted">
                  {t(`join.commission.${key}.text`, { minutes: constants.realtimeWageMinutes })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="pg-section" aria-labelledby="join-steps">
        <h2 id="join-steps">{t('join.steps.title')}</h2>
        <ol className="join-steps">
          {steps.map((step, index) => (
            <li key={step} className="pg-card">
              <span className="join-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3>{t(`join.steps.${step}.title`)}</h3>
                <p className="pg-muted">{t(`join.steps.${step}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="pg-cta" aria-labelledby="join-start">
        <div>
          <h2 id="join-start" className="pg-cta__title">
            {t('join.start.title')}
          </h2>
          <p>{t('join.start.text')}</p>
        </div>
        <div className="pg-actions">
          <Link to="/register" className="pg-btn pg-btn--primary">
            {t('join.register')}
          </Link>
          <CustomerServiceLinks types={['LIVECHAT', 'TELEGRAM']} className="pg-actions" />
        </div>
      </section>
    </div>
  );
}
