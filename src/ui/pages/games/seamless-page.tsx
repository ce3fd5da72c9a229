import { useTranslation } from 'react-i18next';
import { SlimTopBar } from '../shared/slim-top-bar.tsx';
import { LoginToPlay } from './login-to-play.tsx';

/** /seamless (no site header): seamless-wallet games open here after login. */
export default function SeamlessPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="pg pg--standalone">
      <SlimTopBar />
      <LoginToPlay testId="page-seamless" title={t('seamless.title')} text={t('seamless.text')} />
    </div>
  );
}
