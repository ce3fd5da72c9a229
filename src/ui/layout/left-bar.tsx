import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GiftIcon } from '../components/icons.tsx';

// The warning's dialog loads at the first click: the home page's script stays within budget.
const LeftBarUpdating = lazy(() => import('./left-bar-updating.tsx'));

/**
 * The left bar's shortcut. The section behind it is being updated, so a click shows the spec's
 * 'being updated' warning (sections 2 and 8) with an OK button, as the site's other warnings do.
 */
export function LeftBar() {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
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
      {open && (
        <Suspense fallback={null}>
          <LeftBarUpdating onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </nav>
  );
}
