import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteDataView } from '../../hooks/use-remote-data.ts';
import './pages.css';

type Props<T> = {
  view: RemoteDataView<T>;
  /** What the page calls the data, e.g. "announcements", for the status texts. */
  emptyText?: string;
  children: (data: T) => ReactNode;
};

/** Loading indicator, empty state, or error with retry; the children render loaded data. */
export function RemoteState<T>({ view, emptyText, children }: Props<T>) {
  const { t } = useTranslation('pages');
  if (view.status === 'loading') return <LoadingState />;
  if (view.status === 'failed') return <FailedState onRetry={view.retry} />;
  if (view.status === 'empty' || view.data === null) {
    return <EmptyState text={emptyText ?? t('state.empty')} />;
  }
  return <>{children(view.data)}</>;
}

export function LoadingState() {
  const { t } = useTranslation('pages');
  return (
    <div className="pg-state" role="status" aria-live="polite">
      <span className="pg-spinner" aria-hidden="true" />
      <span>{t('state.loading')}</span>
    </div>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <div className="pg-state pg-state--empty" role="status">
      <img src="/media/pages/empty.svg" alt="" width="96" height="72" />
      <p>{text}</p>
    </div>
  );
}

export function FailedState({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('pages');
  return (
    <div className="pg-state pg-state--failed" role="alert">
      <p>{t('state.failed')}</p>
      <button type="button" className="pg-btn pg-btn--primary" onClick={onRetry}>
        {t('state.retry')}
      </button>
    </div>
  );
}
