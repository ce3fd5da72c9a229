import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import '../shared/pages.css';
import './games.css';

type Props = {
  testId: string;
  title: string;
  text: string;
  children?: ReactNode;
};

/** A game page for visitors: the game opens after login; log in or go back. */
export function LoginToPlay({ testId, title, text, children }: Props) {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const back = () => {
    // Back within the site when there is history, else home.
    if (window.history.length > 1) navigate(-1);
    else navigate('/');
  };
  return (
    <div className="pg" data-testid={testId}>
      <div className="pg-card pg-simple">
        <img
          src="/media/pages/game-locked.svg"
          alt=""
          className="pg-simple__art"
          width="120"
          height="120"
        />
        <h1>{title}</h1>
        <p>{text}</p>
        {children}
        <div className="pg-actions">
          <Link to="/login" className="pg-btn pg-btn--primary">
            {t('actions.login')}
          </Link>
          <button type="button" className="pg-btn pg-btn--ghost" onClick={back}>
            {t('actions.back')}
          </button>
          <Link to="/" className="pg-btn pg-btn--ghost">
            {t('actions.home')}
          </Link>
        </div>
      </div>
    </div>
  );
}
