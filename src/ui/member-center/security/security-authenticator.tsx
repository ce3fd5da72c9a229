import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { QRCodeSVG } from 'qrcode.react';
import { useSecurityFlows } from './security-flows.ts';
import { Spinner } from '../../components/spinner.tsx';
import { FormSection } from '../../components/form/form-section.tsx';
import { FormError } from '../../components/form/field.tsx';
import { CodeField } from '../../components/form/code-field.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { formText } from '../../components/form/form-data.ts';
import { CurrentPasswordField, useFailureText } from './security-form-parts.tsx';

/** The secret in groups of four, easier to type into an authenticator by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The authenticator's status badge and the one action it offers. */
function StatusLine({
  testId,
  badge,
  children,
}: {
  testId: string;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="sc-line" data-testid={testId}>
      <p className="sc-value">{badge}</p>
      {children}
    </div>
  );
}

type Step = 'loading' | 'failed' | 'unbound' | 'password' | 'confirm' | 'bound' | 'unbind' | null;

/** The authenticator (TOTP): bind with a QR code or the secret, confirm, unbind. */
export function AuthenticatorSection() {
  const { t } = useTranslation('security');
  const security = useSecurityFlows();
  const actor = useActorRef(security.authenticator);
  const step = useSelector(actor, (s): Step => {
    if (s.matches('loading')) return 'loading';
    if (s.matches('failed')) return 'failed';
    if (s.matches('unbound')) return 'unbound';
    if (s.matches('askingPassword') || s.matches('settingUp')) return 'password';
    if (s.matches('confirming') || s.matches('confirmingCode')) return 'confirm';
    if (s.matches('bound')) return 'bound';
    if (s.matches('unbinding') || s.matches('submittingUnbind')) return 'unbind';
    return null;
  });
  const failure = useFailureText(useSelector(actor, (s) => s.context.failure));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const setup = useSelector(actor, (s) => s.context.setup);
  const cancel = { label: t('contact.cancel'), onClick: () => actor.send({ type: 'user.cancel' }) };
  const error = <FormError message={failure} testId="security-totp-error" />;

  return (
    <FormSection title={t('totp.title')} testId="security-totp">
      <p className="sc-muted">{t('totp.hint')}</p>
      {step === 'loading' && (
        <div data-testid="security-totp-loading">
          <Spinner />
        </div>
      )}
      {step === 'failed' && (
        <div className="sc-line" data-testid="security-totp-failed">
          {error}
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => actor.send({ type: 'user.retry' })}
          >
            {t('totp.retry')}
          </button>
        </div>
      )}
      {step === 'unbound' && (
        <StatusLine
          testId="security-totp-unbound"
          badge={<span className="sc-badge">{t('totp.unbound')}</span>}
        >
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => actor.send({ type: 'user.startBind' })}
            data-testid="security-totp-bind"
          >
            {t('totp.bind')}
          </button>
        </StatusLine>
      )}
      {step === 'password' && (
        <form
          className="id-form"
          noValidate
          data-testid="security-totp-password"
          onSubmit={(event) => {
            event.preventDefault();
            const password = formText(new FormData(event.currentTarget), 'password');
            actor.send({ type: 'user.submitPassword', password });
          }}
        >
          <p className="sc-muted">{t('totp.passwordHint')}</p>
          <CurrentPasswordField testId="security-totp-password-input" />
          {error}
          <FormActions
            cancel={cancel}
            submit={{ label: t('totp.continue'), busy, testId: 'security-totp-continue' }}
          />
        </form>
      )}
      {step === 'confirm' && setup && (
        <form
          className="id-form"
          noValidate
          data-testid="security-totp-confirm"
          onSubmit={(event) => {
            event.preventDefault();
            const code = formText(new FormData(event.currentTarget), 'code').trim();
            actor.send({ type: 'user.submitCode', code });
          }}
        >
          <ol className="sc-steps">
            <li>{t('totp.stepInstall')}</li>
            <li>{t('totp.stepScan')}</li>
          </ol>
          <div className="sc-qr">
            <QRCodeSVG
              value={setup.otpauthUri}
              size={176}
              marginSize={2}
              bgColor="#ffffff"
              fgColor="#000000"
              role="img"
              aria-label={t('totp.qrLabel')}
              data-testid="security-totp-qr"
            />
            <div className="sc-secret">
              <span className="sc-muted">{t('totp.manual')}</span>
              <code data-testid="security-totp-secret" data-secret={setup.secret}>
                {grouped(setup.secret)}
              </code>
            </div>
          </div>
          <CodeField label={t('totp.code')} name="code" required data-testid="security-totp-code" />
          {error}
          <FormActions
            cancel={cancel}
            submit={{ label: t('totp.confirm'), busy, testId: 'security-totp-submit' }}
          />
        </form>
      )}
      {step === 'bound' && (
        <StatusLine
          testId="security-totp-bound"
          badge={<span className="sc-badge sc-badge--on">{t('totp.bound')}</span>}
        >
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => actor.send({ type: 'user.startUnbind' })}
            data-testid="security-totp-unbind-open"
          >
            {t('totp.unbind')}
          </button>
        </StatusLine>
      )}
      {step === 'unbind' && (
        <form
          className="id-form"
          noValidate
          data-testid="security-totp-unbind"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            actor.send({
              type: 'user.submitUnbind',
              password: formText(form, 'password'),
              code: formText(form, 'code').trim(),
            });
          }}
        >
          <p className="sc-muted">{t('totp.unbindHint')}</p>
          <CurrentPasswordField testId="security-totp-unbind-password" />
          <CodeField
            label={t('totp.code')}
            name="code"
            required
            data-testid="security-totp-unbind-code"
          />
          {error}
          <FormActions
            cancel={cancel}
            submit={{ label: t('totp.unbind'), busy, testId: 'security-totp-unbind-submit' }}
          />
        </form>
      )}
    </FormSection>
  );
}
