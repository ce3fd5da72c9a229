import { useTranslation } from 'react-i18next';
import { announcementTypes } from '../../../contract/system.ts';
import type { Notice } from '../../../contract/system.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { RemoteState } from '../shared/remote-state.tsx';
import type { NoticeLists } from '../shared/site-data.ts';
import { allNotices, formatDate, paragraphs, useLanguage } from '../shared/site-data.ts';
import '../shared/pages.css';
import './notice.css';

/** Every announcement (general, promotion and popup lists), grouped by type. */
export default function NoticePage() {
  const { t } = useTranslation('pages');
  const view = useRemoteData<NoticeLists>(useSiteShellFlows().notices);
  return (
    <div className="pg pg-notice" data-testid="page-notice">
      <div className="pg-intro">
        <h1>{t('notice.title')}</h1>
        <p className="pg-muted">{t('notice.intro')}</p>
      </div>
      <RemoteState view={view} emptyText={t('notice.empty')}>
        {(data) => <NoticeGroups notices={allNotices(data)} />}
      </RemoteState>
    </div>
  );
}

function NoticeGroups({ notices }: { notices: Notice[] }) {
  const { t } = useTranslation('pages');
  const groups = announcementTypes
    .map((type) => ({ type, items: notices.filter((n) => n.type === type) }))
    .filter((group) => group.items.length > 0);
  if (groups.length === 0) return <p className="pg-muted">{t('notice.empty')}</p>;
  return (
    <>
      {groups.length > 1 && (
        <nav aria-label={t('notice.jump')}>
          <ul className="pg-chips">
            {groups.map(({ type, items }) => (
              <li key={type}>
                <a className="pg-chip" href={`#notice-${type}`}>
                  {t(`notice.types.${type}`)} <span aria-hidden="true">({items.length})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {groups.map(({ type, items }) => (
        <section
          key={type}
          id={`notice-${type}`}
          className="pg-section"
          aria-labelledby={`notice-h-${type}`}
        >
          <h2 id={`notice-h-${type}`}>
            {t(`notice.types.${type}`)}{' '}
            <span className="pg-muted notice-count">
              {t('notice.count', { count: items.length })}
            </span>
          </h2>
          <ul className="notice-list">
            {items.map((notice) => (
              <li key={notice.id}>
                <NoticeItem notice={notice} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function NoticeItem({ notice }: { notice: Notice }) {
  const language = useLanguage();
  return (
    <details className="notice-item">
      <summary>
        <span className="notice-item__title">{notice.title}</span>
        <time dateTime={notice.publishedAt} className="pg-muted">
          {formatDate(notice.publishedAt, language, true)}
        </time>
      </summary>
      <div className="notice-item__body">
        {paragraphs(notice.content).map((text, index) => (
          <p key={index}>{text}</p>
        ))}
      </div>
    </details>
  );
}
