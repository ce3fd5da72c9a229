import { useTranslation } from 'react-i18next';
import { Modal } from './modal.tsx';

/** A warning over the form (terms, invitation code, SMS send): its text and an OK button. */
export function WarningDialog({
  open,
  title,
  message,
  onClose,
  testId,
}: {
  open: boolean;
  title: string;
  message: string;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation('identity');
  return (
    <Modal open={open} title={title} onClose={onClose} className="id-modal">
      <div role="alertdialog" aria-label={title} data-testid={testId}>
        <p className="id-note">{message}</p>
        <div className="form-actions">
          <button
            type="button"
            className="btn btn--primary"
            onClick={onClose}
            data-testid={`${testId}-ok`}
            autoFocus
          >
            {t('form.ok')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
