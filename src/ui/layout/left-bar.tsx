import { useTranslation } from 'react-i18next';
import { GiftIcon } from '../components/icons.tsx';

/** The left bar's shortcut; the section behind it is being updated, which the click says. */
export function LeftBar({ onUpdating }: { onUpdating: (message: string) => void }) {
  const { t } = useTranslation('layout');
  return (
    <div className="left-bar">
      <button
        type="button"
        className="left-bar__button"
        onClick={() => onUpdating(t('leftBar.updating'))}
      >
        <GiftIcon />
        <span className="left-bar__text">{t('leftBar.title')}</span>
      </button>
    </div>
  );
}
