import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GiftIcon } from '../components/icons.tsx';
import { Modal } from '../modals/modal.tsx';

/**
 * The left bar's shortcut. The section behind it is being updated, so a click shows the spec's
 * 'being updated' warning (sections 2 and 8) with an OK button, as the site's other warnings do.
 */
export function LeftBar() {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <nav className="left-bar" aria-label={t('leftBar.label')}>
      <button
        type="button"
        className="left-bar__button"
        data-testid="left-bar-events"
        onClick={() => setOpen(true)}
      >
        <GiftIcon />
        <span className="left-bar__text">{t('leftBar.title')}</span>
      </button>
      <Modal open={open} title={t('leftBar.title')} onClose={close}>
        <div role="alertdialog" aria-label={t('leftBar.title')} data-testid="left-bar-updating">
          <p>{t('leftBar.updating')}</p>
          <div className="form-actions">
            <button type="button" className="btn btn--primary" onClick={close} autoFocus>
              {t('common:actions.ok')}
            </button>
          </div>
        </div>
      </Modal>
    </nav>
  );
}
