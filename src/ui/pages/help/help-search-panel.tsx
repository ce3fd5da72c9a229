import {
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { HelpCenter } from '../../../contract/system.ts';
import { helpKeywordMax } from '../../../contract/help.ts';
import { useRemoteData, type RemoteDataView } from '../../hooks/use-remote-data.ts';
import { HelpArticleView, type HelpSection } from './help-article.tsx';
import { useHelpFlows } from './use-help-flows.ts';
import { helpKeyword, sectionsToShow } from './help-search.ts';

/** How long typing may pause before the search goes out (Enter sends it at once). */
const searchDelayMs = 300;

/**
 * The help center search: a labelled search field and section chips over the help center's
 * `sections` (shown whole while the field is empty). Typed words are searched by the server in
 * the page's language (`/wps/system/helpCenter?keyword`), after a pause or at Enter; a status
 * line, read out by screen readers, says searching, how many articles match, or that none do.
 * Escape empties the field. The help flows (with the search) load at the first search.
 */
export function HelpSearch({ sections }: { sections: readonly HelpSection[] }) {
  const { t } = useTranslation('pages');
  const [query, setQuery] = useState('');
  const [keyword, setKeyword] = useState('');
  const [sectionKey, setSectionKey] = useState<string | null>(null);
  const searchId = useId();
  const statusId = useId();
  const resultsId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(helpKeyword(query)), searchDelayMs);
    return () => clearTimeout(timer);
  }, [query]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(helpKeyword(query));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && query) {
      event.preventDefault();
      setQuery('');
      setKeyword('');
    }
  };

  // Typed but not yet searched: searching already, not the previous answer's count.
  const pending = helpKeyword(query) !== keyword;
  const results = (found: readonly HelpSection[], busy: boolean) => (
    <SearchResults
      id={resultsId}
      statusId={statusId}
      sections={sectionsToShow(found, sectionKey)}
      busy={busy || pending}
    />
  );

  return (
    <>
      <form className="helpmc-search pg-card" role="search" onSubmit={submit}>
        <label htmlFor={searchId}>{t('helpmc.searchLabel')}</label>
        <input
          id={searchId}
          className="pg-input"
          type="search"
          name="keyword"
          value={query}
          maxLength={helpKeywordMax}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('helpmc.searchPlaceholder')}
          aria-controls={resultsId}
          aria-describedby={statusId}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <ul className="pg-chips" aria-label={t('help.sections')}>
          <li>
            <button
              type="button"
              className="pg-chip"
              aria-pressed={sectionKey === null}
              aria-controls={resultsId}
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
                aria-controls={resultsId}
                onClick={() => setSectionKey(section.key)}
              >
                {section.title}
              </button>
            </li>
          ))}
        </ul>
      </form>
      {keyword ? (
        // The help flows load with the first search: searching until they are there.
        <Suspense fallback={results([], true)}>
          <KeywordSearch keyword={keyword}>
            {(view) =>
              view.status === 'failed' ? (
                <SearchFailed statusId={statusId} retry={view.retry} />
              ) : (
                results(view.data?.sections ?? [], view.status === 'loading')
              )
            }
          </KeywordSearch>
        </Suspense>
      ) : (
        results(sections, false)
      )}
    </>
  );
}

/** Runs the server search for `keyword` (and the page's language) while mounted. */
function KeywordSearch({
  keyword,
  children,
}: {
  keyword: string;
  children: (view: RemoteDataView<HelpCenter>) => ReactNode;
}) {
  const { i18n } = useTranslation();
  const { language } = i18n;
  const ref = useActorRef(useHelpFlows().search, { input: { params: { language, keyword } } });
  // A new keyword or language searches again (the actor started with the first ones).
  const searched = useRef({ language, keyword });
  useEffect(() => {
    if (searched.current.keyword === keyword && searched.current.language === language) return;
    searched.current = { language, keyword };
    ref.send({ type: 'app.paramsChanged', params: { language, keyword } });
  }, [ref, keyword, language]);
  return <>{children(useRemoteData<HelpCenter>(ref))}</>;
}

function SearchResults({
  id,
  statusId,
  sections,
  busy,
}: {
  id: string;
  statusId: string;
  sections: readonly HelpSection[];
  busy: boolean;
}) {
  const { t } = useTranslation('pages');
  const found = sections.reduce((sum, section) => sum + section.articles.length, 0);
  const empty = !busy && found === 0;
  return (
    <>
      <div
        id={statusId}
        className={empty ? 'helpmc-status pg-state pg-state--empty' : 'helpmc-status'}
        role="status"
        aria-live="polite"
        data-testid="helpmc-status"
      >
        {busy ? (
          <>
            <span className="pg-spinner helpmc-status__spinner" aria-hidden="true" />
            <span>{t('helpmc.searching')}</span>
          </>
        ) : empty ? (
          t('helpmc.noResults')
        ) : (
          t('helpmc.found', { count: found })
        )}
      </div>
      <div id={id} className="helpmc-results" aria-busy={busy} data-testid="helpmc-results">
        {sections.map((section) => (
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
        ))}
      </div>
    </>
  );
}

function SearchFailed({ statusId, retry }: { statusId: string; retry: () => void }) {
  const { t } = useTranslation('pages');
  return (
    <div id={statusId} className="pg-state pg-state--failed" role="alert">
      <p>{t('state.failed')}</p>
      <button type="button" className="pg-btn pg-btn--primary" onClick={retry}>
        {t('state.retry')}
      </button>
    </div>
  );
}
