import { Suspense, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { HelpCenter } from '../../../contract/system.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { CustomerServiceLinks } from '../shared/customer-service.tsx';
import { LoadingState, RemoteState } from '../shared/remote-state.tsx';
import { HelpArticleView } from './help-article.tsx';
import { HelpToolPanel, helpToolKeys, type HelpToolKey } from './help-panels.tsx';
import '../shared/pages.css';
import './help.css';

/**
 * Help center: sections from the database as a side list, the chosen one in the pane; /help#terms
 * opens terms, /help#guide the beginner guide. After them the winners list, feedback, the
 * affiliate application and the avatar (/help#winners, #feedback, #affiliate, #avatar).
 */
export default function HelpPage() {
  const { t } = useTranslation('pages');
  const view = useRemoteData<HelpCenter>(useSiteShellFlows().helpCenter);
  return (
    <div className="pg pg-help" data-testid="page-help">
      <div className="pg-intro">
        <h1>{t('help.title')}</h1>
        <p className="pg-muted">{t('help.intro')}</p>
      </div>
      <RemoteState view={view} emptyText={t('help.empty')}>
        {(data) => <HelpSections sections={data.sections} />}
      </RemoteState>
      <section className="pg-card help-service" aria-labelledby="help-service">
        <h2 id="help-service">{t('help.service.title')}</h2>
        <p className="pg-muted">{t('help.service.text')}</p>
        <CustomerServiceLinks />
      </section>
    </div>
  );
}

function HelpSections({ sections }: { sections: HelpCenter['sections'] }) {
  const { t } = useTranslation('pages');
  const { t: th } = useTranslation('help');
  const { hash } = useLocation();
  const key = decodeURIComponent(hash.replace(/^#/, ''));
  const tool = helpToolKeys.find((toolKey) => toolKey === key) ?? null;
  const selected = tool ? null : (sections.find((s) => s.key === key) ?? sections[0]);
  const paneKey = tool ?? selected?.key;
  const paneRef = useRef<HTMLElement>(null);

  // A hash that names a section brings that section into view and gives it focus.
  useEffect(() => {
    if (!key || !paneRef.current || paneKey !== key) return;
    paneRef.current.scrollIntoView({ block: 'start' });
    paneRef.current.focus({ preventScroll: true });
  }, [key, paneKey]);

  if (!paneKey) return <p className="pg-muted">{t('help.empty')}</p>;
  return (
    <div className="help-layout">
      <nav className="help-nav" aria-label={t('help.sections')}>
        <ul>
          {sections.map((section) => (
            <li key={section.key}>
              <Link
                to={{ hash: `#${section.key}` }}
                aria-current={section.key === paneKey ? 'true' : undefined}
              >
                {section.title}
                <span className="help-nav__count" aria-hidden="true">
                  {section.articles.length}
                </span>
              </Link>
            </li>
          ))}
          {helpToolKeys.map((toolKey) => (
            <li key={toolKey}>
              <Link
                to={{ hash: `#${toolKey}` }}
                aria-current={toolKey === paneKey ? 'true' : undefined}
              >
                {th(`tools.${toolKey}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section
        id={paneKey}
        ref={paneRef}
        tabIndex={-1}
        className="help-pane pg-card"
        aria-labelledby="help-pane-title"
      >
        {tool ? (
          <ToolPane tool={tool} />
        ) : selected ? (
          <>
            <h2 id="help-pane-title">{selected.title}</h2>
            {selected.articles.length === 0 ? (
              <p className="pg-muted">{t('help.emptySection')}</p>
            ) : (
              selected.articles.map((article) => (
                <HelpArticleView key={article.id} article={article} />
              ))
            )}
          </>
        ) : null}
      </section>
    </div>
  );
}

function ToolPane({ tool }: { tool: HelpToolKey }) {
  const { t } = useTranslation('help');
  return (
    <>
      <h2 id="help-pane-title">{t(`tools.${tool}`)}</h2>
      <Suspense fallback={<LoadingState />}>
        <HelpToolPanel tool={tool} />
      </Suspense>
    </>
  );
}
