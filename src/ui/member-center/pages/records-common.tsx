import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/use-format.ts';
import './records.css';

/** Date and time in the page's language. */
export function useDateTime(): (iso: string) => string {
  return useFormat().dateTime;
}

/** The text of an error code, in the records namespace (a generic one for unknown codes). */
export function useErrorText(): (code: string | null) => string | null {
  const { t } = useTranslation('records');
  return useCallback(
    (code) => (code ? t(`errors.${code}`, { defaultValue: t('errors.unknown') }) : null),
    [t],
  );
}

export function Pager({
  pageNo,
  totalPages,
  onPage,
}: {
  pageNo: number;
  totalPages: number;
  onPage: (pageNo: number) => void;
}) {
  const { t } = useTranslation('records');
  if (totalPages <= 1) return null;
  return (
    <nav className="rc-pager" aria-label={t('common.page', { page: pageNo, pages: totalPages })}>
      <button
        type="button"
        className="pg-btn pg-btn--ghost pg-btn--small"
        disabled={pageNo <= 1}
        onClick={() => onPage(pageNo - 1)}
      >
        {t('common.previous')}
      </button>
      <span aria-live="polite">{t('common.page', { page: pageNo, pages: totalPages })}</span>
      <button
        type="button"
        className="pg-btn pg-btn--ghost pg-btn--small"
        disabled={pageNo >= totalPages}
        onClick={() => onPage(pageNo + 1)}
      >
        {t('common.next')}
      </button>
    </nav>
  );
}

/**
 * After a failed transfer: retry (when the failure allows it) and change the request.
 * They stand in the form's footer instead of its submit button.
 */
export function FailedTransferActions({
  canRetry,
  changeLabel,
  onRetry,
  onChange,
}: {
  canRetry: boolean;
  changeLabel: string;
  onRetry: () => void;
  onChange: () => void;
}) {
  const { t } = useTranslation('records');
  return (
    <>
      {canRetry ? (
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          {t('retryable')}
        </button>
      ) : null}
      <button type="button" className="btn btn--outline" onClick={onChange}>
        {changeLabel}
      </button>
    </>
  );
}
