import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdentityFlows } from './identity-flows.ts';

/** The captcha image (GET /wps/captcha); a click asks for a new one (at most once a second). */
export function CaptchaImage({ testId }: { testId: string }) {
  const { t } = useTranslation('identity');
  const { captcha } = useIdentityFlows();
  const image = useSyncExternalStore(captcha.subscribe, captcha.getSnapshot);
  useEffect(() => {
    if (!image) captcha.refresh();
  }, [captcha, image]);
  return (
    <button
      type="button"
      className="form-field__button id-captcha"
      onClick={() => captcha.refresh()}
      title={t('form.refreshCaptcha')}
      aria-label={t('form.refreshCaptcha')}
      data-testid={testId}
    >
      {image ? <img src={image} alt={t('form.captchaImage')} width="100" height="36" /> : '…'}
    </button>
  );
}
