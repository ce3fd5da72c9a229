import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { useForm } from 'react-hook-form';
import type { EmailResetForm } from '../../machines/forgot-password.machine.ts';
import { usePermission } from '../hooks/use-permission.ts';
import { useSite } from '../site-context.tsx';
import { Field, FormError } from './field.tsx';

const emailPattern = /^[^\s@]+@[^\s@]+$/;

/**
 * The forgot-password flow (forgotPasswordMachine) for the /forget page and its popup: the
 * account and e-mail address, then the confirmation that the reset mail is on its way. The
 * mobile tab stays hidden: the server has no phone reset route yet.
 */
export function ForgotFlow({ onClose, onLink }: { onClose: () => void; onLink?: () => void }) {
  const { t } = useTranslation('identity');
  const site = useSite();
  const permission = usePermission();
  const actor = useActorRef(site.identity.forgotPassword, { input: { mobileEnabled: false } });
  const emailSent = useSelector(actor, (s) => s.matches('emailSent'));
  const failure = useSelector(actor, (s) => s.context.failure);
  const invalid = useSelector(actor, (s) => s.context.invalid);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const liveChat = permission?.customerService.liveChatUrl ?? null;
  const { register, handleSubmit, formState, trigger } = useForm<EmailResetForm>({
    defaultValues: { username: '', email: '' },
  });
  const errors = formState.errors;

  // The machine's own check failed (its rule differs from the form's): show the field errors.
  useEffect(() => {
    if (invalid) void trigger();
  }, [invalid, trigger]);

  if (emailSent) {
    return (
      <div className="id-flow" data-testid="forgot-email-sent" role="status">
        <p className="id-note">{t('forgot.emailSent')}</p>
        <button
          type="button"
          className="btn btn--primary id-wide"
          onClick={onClose}
          data-testid="forgot-close"
          autoFocus
        >
          {t('form.ok')}
        </button>
      </div>
    );
  }

  return (
    <div className="id-flow">
      <div className="id-tabs" role="tablist" aria-label={t('forgot.title')}>
        <button
          type="button"
          role="tab"
          aria-selected
          className="id-tabs__tab"
          data-testid="forgot-tab-email"
        >
          {t('forgot.tab.email')}
        </button>
      </div>
      <form
        className="id-form"
        noValidate
        aria-busy={busy}
        data-testid="forgot-email-form"
        onSubmit={handleSubmit((values) =>
          actor.send({
            type: 'user.submitEmail',
            form: { username: values.username.trim(), email: values.email.trim() },
          }),
        )}
      >
        <p className="id-note">{t('forgot.intro')}</p>
        <Field
          label={t('form.username')}
          autoComplete="username"
          error={errors.username?.message}
          data-testid="forgot-username"
          {...register('username', {
            validate: (value) => value.trim() !== '' || t('forgot.usernameRequired'),
          })}
        />
        <Field
          label={t('forgot.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          data-testid="forgot-email"
          {...register('email', {
            validate: (value) => emailPattern.test(value.trim()) || t('forgot.emailInvalid'),
          })}
        />
        <FormError message={failure?.message || null} testId="forgot-error" />
        <button
          type="submit"
          className="btn btn--primary id-wide"
          disabled={busy}
          data-testid="forgot-submit"
        >
          {busy ? t('form.working') : t('forgot.submit')}
        </button>
      </form>
      <div className="id-links">
        <Link to="/login" onClick={() => onLink?.()} data-testid="forgot-to-login">
          {t('forgot.toLogin')}
        </Link>
        {liveChat && (
          <a href={liveChat} target="_blank" rel="noreferrer" data-testid="forgot-service">
            {t('forgot.service')}
          </a>
        )}
      </div>
    </div>
  );
}
