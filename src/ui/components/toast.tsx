import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';

const SHOW_MS = 4000;

/**
 * A short message announced politely to screen readers; it closes itself after a few seconds
 * or with its close button.
 */
export function Toast({
  message,
  tone = 'warning',
  onClose,
}: {
  message: string | null;
  tone?: 'warning' | 'info';
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(onClose, SHOW_MS);
    return () => clearTimeout(timer);
  }, [message, onClose]);

  return (
    <div className="toast-region" role="status" aria-live="polite">
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
}
