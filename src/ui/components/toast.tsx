import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';
import { useTopModal } from '../hooks/use-top-modal.ts';

const SHOW_MS = 4000;

/**
 * A short message announced politely to screen readers; it closes itself after a few seconds
 * or with its close button. While a modal dialog is open (the member center, a popup) the
 * toast is drawn inside the topmost one: a z-index cannot lift it over the top layer, and the
 * page outside the dialog is inert.
 */
export function Toast({
  message,
  tone = 'warning',
  onClose,
  testId,
}: {
  message: string | null;
  tone?: 'warning' | 'info';
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onClose, SHOW_MS);
    return () => clearTimeout(timer);
  }, [message, onClose]);
  const host = useTopModal();

  const region = (
    <div className="toast-region" role="status" aria-live="polite" data-testid={testId}>
      {message && (
        <div className={`toast toast--${tone}`}>
          <span>{message}</span>
          <button
            type="button"
            className="icon-button toast__close"
            onClick={onClose}
            aria-label={t('actions.close')}
          >
            <CloseIcon />
          </button>
        </div>
      )}
    </div>
  );
  return host ? createPortal(region, host) : region;
}
