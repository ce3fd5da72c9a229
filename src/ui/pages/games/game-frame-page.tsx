import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoginToPlay } from './login-to-play.tsx';

/** /game?code=...: the game runs in an embedded frame once the player has logged in. */
export default function GameFramePage() {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const code = params.get('code');
  return (
    <LoginToPlay testId="page-game" title={t('gameFrame.title')} text={t('gameFrame.text')}>
      {code && (
        <p>
          {t('gameFrame.code')} <code className="game-frame__code">{code}</code>
        </p>
      )}
    </LoginToPlay>
  );
}
