import { useEffect, useEffectEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import type { SecuritySummary } from '../../../contract/security-center.ts';
import type { ContactKind, ContactRequest } from '../../../machines/contact-change.machine.ts';
import { useSecurityFlows } from './security-flows.ts';
import { FormSection } from '../../components/form/form-section.tsx';
import { Field, FormError } from '../../components/form/field.tsx';
import { CodeField } from '../../components/form/code-field.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { formText } from '../../components/form/form-data.ts';
import {
  RegisterCountryCode,
  useDefaultDialingCode,
} from '../../identity/register-country-code.tsx';
import { CurrentPasswordField, useFailureText } from './security-form-parts.tsx';

/** +91 96*****678: enough to recognise one's own number, not to read it off a screen. */
function maskMobile(countryDialingCode: string | null, mobile: string): string {
  const shown =
    mobile.length > 5
      ? `${mobile.slice(0, 2)}${'*'.repeat(mobile.length - 5)}${mobile.slice(-3)}`
      : mobile;
  return countryDialingCode ? `+${countryDialingCode} ${shown}` : shown;
}

function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return email;
  return `${email[0]}${'*'.repeat(Math.max(1, at - 1))}${email.slice(at)}`;
}

type Step = 'idle' | 'editing' | 'code' | 'done' | null;

/** Change of the mobile number or the e-mail address (contactChangeMachine). */
export function ContactSection({
  kind,
  summary,
  onChanged,
}: {
  kind: ContactKind;
  summary: SecuritySummary | null;
  onChanged: () => void;
}) {
  const { t } = useTranslation('security');
  const security = useSecurityFlows();
  const actor = useActorRef(security.contactChange, { input: { kind } });
  const step = useSelector(actor, (s): Step =>
    s.matches('idle')
      ? 'idle'
      : s.matches('editing') || s.matches('sendingCode')
        ? 'editing'
        : s.matches('awaitingCode') || s.matches('submitting')
          ? 'code'
          : s.matches('done')
            ? 'done'
            : null,
  );
  const canResend = useSelector(actor, (s) => s.matches({ awaitingCode: 'canResend' }));
  const secondsLeft = useSelector(actor, (s) => s.context.secondsLeft);
  const request = useSelector(actor, (s) => s.context.request);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failure = useFailureText(useSelector(actor, (s) => s.context.failure));
  const defaultDialingCode = useDefaultDialingCode();
  const done = step === 'done';
  // The summary is re-read once per change that ends, not again on a caller's new `onChanged`.
  const changed = useEffectEvent(onChanged);
  useEffect(() => {
    if (done) changed();
  }, [done]);

  const prefix = `security-${kind}`;
  const current =
    kind === 'mobile'
      ? summary?.mobileNum
        ? maskMobile(summary.countryDialingCode, summary.mobileNum)
        : null
      : summary?.email
        ? maskEmail(summary.email)
        : null;
  const target =
    request?.kind === 'mobile'
      ? maskMobile(request.countryDialingCode, request.mobileNum)
      : request?.kind === 'email'
        ? request.email
        : '';
  const cancel = { label: t('contact.cancel'), onClick: () => actor.send({ type: 'user.cancel' }) };

  const sendCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = formText(form, 'password');
    const next: ContactRequest =
      kind === 'mobile'
        ? {
            kind,
            password,
            countryDialingCode: formText(form, 'countryDialingCode') || defaultDialingCode,
            mobileNum: formText(form, 'mobileNum').trim(),
          }
        : { kind, password, email: formText(form, 'email').trim() };
    actor.send({ type: 'user.sendCode', request: next });
  };
  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = formText(new FormData(event.currentTarget), 'code').trim();
    actor.send({ type: 'user.submit', code });
  };

  return (
    <FormSection title={t(`${kind}.title`)} testId={prefix}>
      {step === 'idle' && (
        <div className="sc-line" data-testid={`${prefix}-change`}>
          <p className="sc-value" data-testid={`${prefix}-current`}>
            {summary === null ? '…' : (current ?? t(`${kind}.notSet`))}
          </p>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => actor.send({ type: 'user.open' })}
            data-testid={`${prefix}-open`}
          >
            {current ? t('contact.change') : t('contact.add')}
          </button>
        </div>
      )}

      {step === 'editing' && (
        <form className="id-form" onSubmit={sendCode} noValidate data-testid={`${prefix}-form`}>
          <p className="sc-muted">{t(`${kind}.formHint`)}</p>
          <CurrentPasswordField
            testId={`${prefix}-password`}
            defaultValue={request?.password ?? ''}
          />
          {kind === 'mobile' ? (
            <div className="sc-phone">
              <RegisterCountryCode
                label={t('mobile.countryCode')}
                name="countryDialingCode"
                defaultValue={
                  request?.kind === 'mobile' ? request.countryDialingCode : defaultDialingCode
                }
                key={defaultDialingCode}
                data-testid="security-mobile-country"
              />
              <Field
                label={t('mobile.newNumber')}
                name="mobileNum"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                required
                defaultValue={request?.kind === 'mobile' ? request.mobileNum : ''}
                data-testid="security-mobile-number"
              />
            </div>
          ) : (
            <Field
              label={t('email.newAddress')}
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={request?.kind === 'email' ? request.email : ''}
              data-testid="security-email-address"
            />
          )}
          <FormError message={failure} testId={`${prefix}-error`} />
          <FormActions
            cancel={cancel}
            submit={{ label: t('contact.sendCode'), busy, testId: `${prefix}-send` }}
          />
        </form>
      )}

      {step === 'code' && (
        <form className="id-form" onSubmit={submitCode} noValidate data-testid={`${prefix}-code`}>
          <p className="sc-muted" role="status">
            {t('contact.codeSent', { target })}
          </p>
          <CodeField
            label={t('contact.code')}
            name="code"
            required
            data-testid={`${prefix}-code-input`}
            addon={
              canResend ? (
                <button
                  type="button"
                  className="form-field__button"
                  onClick={() => actor.send({ type: 'user.resend' })}
                  data-testid={`${prefix}-resend`}
                >
                  {t('contact.resend')}
                </button>
              ) : (
                <button
                  type="button"
                  className="form-field__button"
                  disabled
                  data-testid={`${prefix}-countdown`}
                >
                  {t('contact.secondsLeft', { seconds: secondsLeft })}
                </button>
              )
            }
          />
          <FormError message={failure} testId={`${prefix}-error`} />
          <FormActions
            cancel={cancel}
            submit={{ label: t('contact.confirm'), busy, testId: `${prefix}-confirm` }}
          >
            <button
              type="button"
              className="id-link-button"
              onClick={() => actor.send({ type: 'user.edit' })}
            >
              {t('contact.edit')}
            </button>
          </FormActions>
        </form>
      )}

      {done && (
        <div className="sc-line" data-testid={`${prefix}-done`}>
          <p className="sc-success" role="status">
            {t(`${kind}.changed`)}
          </p>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => actor.send({ type: 'user.close' })}
          >
            {t('contact.close')}
          </button>
        </div>
      )}
    </FormSection>
  );
}
