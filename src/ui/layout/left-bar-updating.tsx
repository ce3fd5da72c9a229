import { useTranslation } from 'react-i18next';
import { Modal } from '../modals/modal.tsx';

/** The left bar's 'being updated' warning with its OK button (loaded at the first click). */
export default function LeftBarUpdating({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <Modal open title={t('leftBar.title')} onClose={onClose}>
      <div role="alertdialog" aria-label={t('leftBar.title')} data-testid="left-bar-updating">
        <p>{t('leftBar.updating')}</p>
        <div className="form-actions">
          <button type="button" className="btn btn--primary" onClick={onClose} autoFocus>
            {t('common:actions.ok')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
