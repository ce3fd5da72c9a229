import { QRCodeSVG } from 'qrcode.react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Permission } from '../../../contract/system.ts';
import { usePermission } from '../shared/site-data.ts';
import { SlimTopBar } from '../shared/slim-top-bar.tsx';
import '../shared/pages.css';
import './download.css';

const apps = [
  { key: 'ios', art: 'ios', steps: ['open', 'install', 'trust', 'launch'] },
  { key: 'android', art: 'android', steps: ['open', 'download', 'unknown', 'launch'] },
  { key: 'lite', art: 'ios-lite', steps: ['safari', 'share', 'add', 'launch'] },
] as const;

/** The download address: the operator's first routed domain, else this site. */
export function downloadBase(permission: Permission | null, origin: string): string {
  const domain = permission?.domainRoute.find((d) => d.domain.trim())?.domain.trim();
  if (!domain) return origin;
  return /^https?:\/\//.test(domain) ? domain.replace(/\/+$/, '') : `https://${domain}`;
}

/** App download (/down): iOS, Android and lite iOS with QR codes and install tutorials. */
export default function DownloadPage() {
  const { t } = useTranslation('pages');
  const permission = usePermission();
  const [params] = useSearchParams();
  const chosen = params.get('app');
  const base = downloadBase(permission, window.location.origin);
  return (
    <div className="pg pg--standalone pg-download" data-testid="page-download">
      <SlimTopBar withLanguage />
      <div className="pg-standalone__body">
        <section className="download-hero" aria-labelledby="download-title">
          <div className="pg-intro">
            <h1 id="download-title">{t('download.title')}</h1>
            <p>{t('download.intro')}</p>
            <p className="pg-muted">{t('download.operator')}</p>
          </div>
          <img
            src="/media/pages/app-phone.svg"
            alt=""
            className="download-hero__art"
            width="200"
            height="240"
          />
        </section>
        <ul className="download-apps">
          {apps.map((app) => {
            const link = `${base}/down?app=${app.key}`;
            return (
              <li key={app.key}>
                <section
                  id={`app-${app.key}`}
                  className={`pg-card download-app${chosen === app.key ? ' download-app--chosen' : ''}`}
                  aria-labelledby={`app-${app.key}-title`}
                >
                  <div className="download-app__head">
                    <img src={`/media/app/${app.art}.svg`} alt="" width="48" height="48" />
                    <div>
                      <h2 id={`app-${app.key}-title`}>{t(`download.${app.key}.name`)}</h2>
                      <p className="pg-muted">{t(`download.${app.key}.text`)}</p>
                    </div>
                  </div>
                  <figure className="download-app__qr">
                    <QRCodeSVG
                      value={link}
                      size={148}
                      marginSize={2}
                      bgColor="#ffffff"
                      fgColor="#111111"
                      role="img"
                      aria-label={t('download.qrLabel', { app: t(`download.${app.key}.name`) })}
                    />
                    <figcaption className="pg-muted">{t('download.scan')}</figcaption>
                  </figure>
                  <a className="pg-btn pg-btn--primary" href={link}>
                    {t(`download.${app.key}.cta`)}
                  </a>
                  <h3>{t('download.tutorial')}</h3>
                  <ol className="pg-steps">
                    {app.steps.map((step) => (
                      <li key={step}>{t(`download.${app.key}.steps.${step}`)}</li>
                    ))}
                  </ol>
                </section>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
