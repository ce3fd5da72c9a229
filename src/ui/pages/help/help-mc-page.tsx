import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HelpCenter } from '../../../contract/system.ts';
import { useRemoteData } from '../../hooks/use-remote-data.ts';
import { useSiteShellFlows } from '../../layout/site-shell-flows.ts';
import { CustomerServiceLinks } from '../shared/customer-service.tsx';
import { RemoteState } from '../shared/remote-state.tsx';
import { SlimTopBar } from '../shared/slim-top-bar.tsx';
import { HelpArticleView } from './help-article.tsx';
import { searchHelp } from './help-search.ts';
import '../shared/pages.css';
import './help.css';

/** The self-contained help centre (/helpmc): own top bar, searchable articles. */
export default function HelpMcPage() {
  const { t } = useTranslation('pages');
  const view = useRemoteData<HelpCenter>(useSiteShellFlows().helpCenter);
  return (
    <div className="pg pg--standalone pg-helpmc" data-testid="page-helpmc">
      <SlimTopBar withLanguage />
      <div className="pg-standalone__body">
        <div className="pg-intro">
          <h1>{t('helpmc.title')}</h1>
          <p className="pg-muted">{t('helpmc.intro')}</p>
        </div>
        <RemoteState view={view} emptyText={t('help.empty')}>
          {(data) => <SearchableHelp sections={data.sections} />}
        </RemoteState>
        <section className="pg-card help-service" aria-labelledby="helpmc-service">
          <h2 id="helpmc-service">{t('help.service.title')}</h2>
          <p className="pg-muted">{t('help.service.text')}</p>
          <CustomerServiceLinks />
        </section>
      </div>
    </div>
  );
}

function SearchableHelp({ sections }: { sections: HelpCenter['sections'] }) {
  const { t } = useTranslation('pages');
  const [query, setQuery] = useState('');
  const [sectionKey, setSectionKey] = useState<string | null>(null);
  const searchId = useId();
  const results = searchHelp(sections, query, sectionKey);
  const found = results.reduce((sum, s) => sum + s.articles.length, 0);
  return (
    <>
      <div className="helpmc-search pg-card" role="search">
        <label htmlFor={searchId}>{t('helpmc.searchLabel')}</label>
        <input
          id={searchId}
          className="pg-input"
          type="search"
          value={query}
          placeholder={t('helpmc.searchPlaceholder')}
          onChange={(event) => setQuery(event.target.value)}
        />
        <ul className="pg-chips" aria-label={t('help.sections')}>
          <li>
            <button
              type="button"
              className="pg-chip"
              aria-pressed={sectionKey === null}
              onClick={() => setSectionKey(null)}
            >
              {t('helpmc.allSections')}
            </button>
          </li>
          {sections.map((section) => (
            <li key={section.key}>
              <button
                type="button"
                className="pg-chip"
                aria-pressed={sectionKey === section.key}
                onClick={() => setSectionKey(section.key)}
              >
                {section.title}
              </button>
            </li>
          ))}
        </ul>
        <p className="pg-muted" role="status" aria-live="polite">
          {t('helpmc.found', { count: found })}
        </p>
      </div>
      {results.length === 0 ? (
        <p className="pg-state">{t('helpmc.noResults')}</p>
      ) : (
        results.map((section) => (
          <section
            key={section.key}
            id={section.key}
            className="help-pane pg-card"
            aria-labelledby={`helpmc-${section.key}`}
          >
            <h2 id={`helpmc-${section.key}`}>{section.title}</h2>
            {section.articles.map((article) => (
              <HelpArticleView key={article.id} article={article} />
            ))}
          </section>
        ))
      )}
    </>
  );
}
