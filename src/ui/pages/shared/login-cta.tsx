import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The heading and text keys of pages.json saying what login unlocks. */
  title: string;
  text: string;
};

/** A call to action to log in (and register), for actions that need a session. */
export function LoginCallToAction({ title, text }: Props) {
  const { t } = useTranslation('pages');
  return (
    <aside className="pg-cta" aria-label={title}>
      <div>
        <h2 className="pg-cta__title">{title}</h2>
        <p>{text}</p>
      </div>
      <div className="pg-actions">
        <Link to="/login" className="pg-btn pg-btn--primary">
          {t('actions.login')}
        </Link>
        <Link to="/register" className="pg-btn pg-btn--outline">
          {t('actions.register')}
        </Link>
      </div>
    </aside>
  );
}
