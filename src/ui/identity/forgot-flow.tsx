import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { useForm, useWatch } from 'react-hook-form';
import { recheckWhileInvalid } from '../components/form/recheck.ts';
import { changePasswordSchema, forgotPhoneSchema } from '../../contract/validation-engine.ts';
import type { ChangePasswordValues, ForgotPhoneValues } from '../../contract/validation-engine.ts';
import { moduleIds } from '../../contract/system.ts';
import type { Permission } from '../../contract/system.ts';
import type {
  EmailResetForm,
  ForgotPasswordInput,
  ForgotPasswordTab,
} from '../../machines/forgot-password.machine.ts';
import { useModuleEnabled, usePermission } from '../hooks/use-permission.ts';
import { openServiceWindow, useCustomerService } from '../hooks/use-customer-service.ts';
import {
  useIdentityFlows,
  useIdentityFormFlows,
  type IdentityFormFlows,
} from './identity-flows.ts';
import { Field, FormError } from '../components/form/field.tsx';
import { SubmitButton } from '../components/form/form-actions.tsx';
import { RegisterCountryCode, useDefaultDialingCode } from './register-country-code.tsx';
import { FlowTabs } from './flow-tabs.tsx';
import { SmsCodeField } from '../components/form/code-field.tsx';

const emailPattern = /^[^\s@]+@[^\s@]+$/;

type ForgotActor = ReturnType<typeof useActorRef<IdentityFormFlows['forgotPassword']>>;

/**
 * The forgot-password flow (forgotPasswordMachine) for the /forget page and its popup: by
 * e-mail (account and address, then the confirmation that the reset mail is on its way) and,
 * with FORGETMOBILE, by mobile number (SMS code and new password, then logged in and home).
 * With `resetToken` (the e-mailed link, /forget?token=...) it opens the form for the new
 * password instead. `onClose` closes the popup or leaves the page; `onLink` runs before a
 * login link is followed.
 */
export function ForgotFlow({
  onClose,
  onLink,
  resetToken = null,
  onTokenDropped,
}: {
  onClose: () => void;
  onLink?: () => void;
  resetToken?: string | null;
  /** The flow left the link's form for the e-mail tab (a new link is asked). */
  onTokenDropped?: () => void;
}) {
  const permission = usePermission();
  const mobileEnabled = useModuleEnabled(moduleIds.forgetByMobile);
  if (!permission) return null;
  return (
    <ForgotMachine
      input={{ mobileEnabled, resetToken }}
      permission={permission}
      onClose={onClose}
      onLink={onLink}
      onTokenDropped={onTokenDropped}
    />
  );
}

function ForgotMachine({
  input,
  permission,
  onClose,
  onLink,
  onTokenDropped,
}: {
  input: ForgotPasswordInput;
  permission: Permission;
  onClose: () => void;
  onLink?: () => void;
  onTokenDropped?: () => void;
}) {
  const { t, i18n } = useTranslation('identity');
  const identity = useIdentityFlows();
  const formFlows = useIdentityFormFlows();
  const navigate = useNavigate();
  const actor = useActorRef(formFlows.forgotPassword, { input });
  const tab = useSelector(actor, (s): ForgotPasswordTab | 'link' | null =>
    s.matches('link')
      ? 'link'
      : s.matches('mobile')
        ? 'mobile'
        : s.matches('email')
          ? 'email'
          : null,
  );
  const tokenInvalid = useSelector(actor, (s) => s.matches({ link: 'tokenInvalid' }));
  const outcome = useSelector(actor, (s) => (s.status === 'done' ? s.output?.outcome : null));
  const failure = useSelector(actor, (s) => s.context.failure);
  const service = useCustomerService();

  // Asking a new e-mail leaves the dead link: the page's address drops its token.
  useEffect(() => {
    if (input.resetToken && tab !== 'link' && tab !== null) onTokenDropped?.();
  }, [input.resetToken, tab, onTokenDropped]);

  // The phone reset logged the player in: the popup closes and the app goes home.
  useEffect(() => {
    if (outcome !== 'home') return;
    identity.dialogs.send({ type: 'user.close' });
    navigate('/');
  }, [outcome, identity.dialogs, navigate]);

  const loginLink = (testId: string, text: string) => (
    <Link
      to="/login"
      className="btn btn--primary id-wide"
      onClick={() => onLink?.()}
      data-testid={testId}
    >
      {text}
    </Link>
  );

  if (outcome === 'emailSent') {
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
  if (outcome === 'passwordReset') {
    return (
      <div className="id-flow" data-testid="forgot-link-done" role="status">
        <p className="id-note">{t('forgot.linkDone')}</p>
        {loginLink('forgot-link-login', t('forgot.logIn'))}
      </div>
    );
  }
  if (outcome === 'login') {
    return (
      <div className="id-flow" data-testid="forgot-login-required" role="status">
        <p className="id-note">{t('forgot.loginRequired')}</p>
        {loginLink('forgot-login', t('forgot.logIn'))}
      </div>
    );
  }
  if (outcome === 'home') return null;

  if (tab === 'link') {
    if (tokenInvalid) {
      return (
        <div className="id-flow" data-testid="forgot-link-invalid">
          <FormError message={failure?.message || t('forgot.linkInvalid')} testId="forgot-error" />
          <button
            type="button"
            className="btn btn--primary id-wide"
            onClick={() => actor.send({ type: 'user.requestNewLink' })}
            data-testid="forgot-new-link"
          >
            {t('forgot.newLink')}
          </button>
        </div>
      );
    }
    return (
      <div className="id-flow">
        <LinkForm key={i18n.language} actor={actor} permission={permission} />
        <button
          type="button"
          className="btn btn--outline id-wide"
          onClick={() => actor.send({ type: 'user.requestNewLink' })}
          data-testid="forgot-link-new"
        >
          {t('forgot.newLink')}
        </button>
      </div>
    );
  }

  const tabs: ForgotPasswordTab[] = input.mobileEnabled ? ['email', 'mobile'] : ['email'];
  return (
    <div className="id-flow">
      <FlowTabs
        label={t('forgot.title')}
        tabs={tabs}
        selected={tab}
        onSelect={(name) => actor.send({ type: 'user.selectTab', tab: name })}
        text={(name) => t(`forgot.tab.${name}`)}
        testIdPrefix="forgot-tab"
      />
      {tab === 'mobile' ? (
        <MobileForm key={i18n.language} actor={actor} permission={permission} />
      ) : (
        <EmailForm actor={actor} />
      )}
      <div className="id-links">
        <Link to="/login" onClick={() => onLink?.()} data-testid="forgot-to-login">
          {t('forgot.toLogin')}
        </Link>
        {service && (
          <a
            href={service.url}
            target="_blank"
            rel="noreferrer"
            data-testid="forgot-service"
            onClick={(event) => {
              event.preventDefault();
              openServiceWindow(service.url);
            }}
          >
            {t('forgot.service')}
          </a>
        )}
      </div>
    </div>
  );
}

/**
 * What every step's form reads: the server's refusal and whether a call runs. When the
 * machine's own check failed (its rule differs from the form's), the field errors show.
 */
function useForgotStep(actor: ForgotActor, trigger: () => Promise<boolean>) {
  const failure = useSelector(actor, (s) => s.context.failure);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const invalid = useSelector(actor, (s) => s.context.invalid);
  useEffect(() => {
    if (invalid) void trigger();
  }, [invalid, trigger]);
  return { failure, busy };
}

function EmailForm({ actor }: { actor: ForgotActor }) {
  const { t } = useTranslation('identity');
  const { register, handleSubmit, formState, trigger } = useForm<EmailResetForm>({
    defaultValues: { username: '', email: '' },
  });
  const { failure, busy } = useForgotStep(actor, trigger);
  const errors = formState.errors;
  return (
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
      <SubmitButton wide label={t('forgot.submit')} busy={busy} testId="forgot-submit" />
    </form>
  );
}

/**
 * By mobile number: country code, number with the get-code button, SMS code, the new password
 * and its confirmation.
 */
function MobileForm({ actor, permission }: { actor: ForgotActor; permission: Permission }) {
  const { t, i18n } = useTranslation('identity');
  const formFlows = useIdentityFormFlows();
  const resolver = useMemo(
    () =>
      formFlows.forms.resolver(
        forgotPhoneSchema(permission.validators, {
          translate: formFlows.forms.translator(i18n),
        }),
      ),
    [formFlows, permission, i18n],
  );
  const {
    register,
    handleSubmit,
    formState,
    getValues,
    getFieldState,
    setValue,
    trigger,
    control,
  } = useForm<ForgotPhoneValues>({
    resolver,
    defaultValues: {
      countryDialingCode: '',
      mobileNum: '',
      verificationCode: '',
      newPassword: '',
      confirmNewPassword: '',
    },
  });
  const { failure, busy } = useForgotStep(actor, trigger);
  const defaultDialingCode = useDefaultDialingCode();
  const dialingCode = useWatch({ control, name: 'countryDialingCode' });
  useEffect(() => {
    if (!dialingCode && defaultDialingCode) setValue('countryDialingCode', defaultDialingCode);
  }, [dialingCode, defaultDialingCode, setValue]);
  const errors = formState.errors;

  // The code goes only to a number that passes its rule.
  const requestCode = async () => {
    const valid = await trigger(['mobileNum', 'countryDialingCode']);
    if (!valid) return null;
    const values = getValues();
    return {
      countryDialingCode: values.countryDialingCode ?? '',
      mobileNo: (values.mobileNum ?? '').trim(),
    };
  };

  return (
    <form
      className="id-form"
      noValidate
      aria-busy={busy}
      data-testid="forgot-mobile-form"
      onSubmit={handleSubmit((values) =>
        actor.send({
          type: 'user.submitPhone',
          form: {
            countryDialingCode: values.countryDialingCode ?? '',
            mobileNum: (values.mobileNum ?? '').trim(),
            verificationCode: (values.verificationCode ?? '').trim(),
            newPassword: values.newPassword ?? '',
          },
        }),
      )}
    >
      <p className="id-note">{t('forgot.mobileIntro')}</p>
      <RegisterCountryCode
        label={t('forgot.countryCode')}
        error={errors.countryDialingCode?.message}
        data-testid="forgot-country"
        {...register('countryDialingCode')}
      />
      <Field
        label={t('forgot.mobile')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        error={errors.mobileNum?.message}
        data-testid="forgot-mobile"
        {...register('mobileNum', {
          onChange: () => recheckWhileInvalid({ getFieldState, trigger }, 'mobileNum'),
        })}
      />
      <SmsCodeField
        label={t('forgot.code')}
        error={errors.verificationCode?.message}
        data-testid="forgot-code"
        sms={{ logic: formFlows.noLoginSms, request: requestCode, testId: 'forgot-get-code' }}
        {...register('verificationCode')}
      />
      <Field
        label={t('forgot.newPassword')}
        type="password"
        revealable
        autoComplete="new-password"
        error={errors.newPassword?.message}
        data-testid="forgot-new-password"
        {...register('newPassword')}
      />
      <Field
        label={t('forgot.confirmPassword')}
        type="password"
        revealable
        autoComplete="new-password"
        error={errors.confirmNewPassword?.message}
        data-testid="forgot-confirm-password"
        errorTestId="forgot-confirm-password-error"
        {...register('confirmNewPassword')}
      />
      <FormError message={failure?.message || null} testId="forgot-error" />
      <SubmitButton
        wide
        label={t('forgot.submitMobile')}
        busy={busy}
        testId="forgot-mobile-submit"
      />
    </form>
  );
}

/** The e-mailed link's form: the new password by the password rule, and its confirmation. */
function LinkForm({ actor, permission }: { actor: ForgotActor; permission: Permission }) {
  const { t, i18n } = useTranslation('identity');
  const formFlows = useIdentityFormFlows();
  const resolver = useMemo(
    () =>
      formFlows.forms.resolver(
        changePasswordSchema(
          permission.validators,
          { askCurrent: false },
          { translate: formFlows.forms.translator(i18n) },
        ),
      ),
    [formFlows, permission, i18n],
  );
  const { register, handleSubmit, formState, trigger } = useForm<ChangePasswordValues>({
    resolver,
    defaultValues: { newPassword: '', confirmNewPassword: '' },
  });
  const { failure, busy } = useForgotStep(actor, trigger);
  const errors = formState.errors;
  return (
    <form
      className="id-form"
      noValidate
      aria-busy={busy}
      data-testid="forgot-link-form"
      onSubmit={handleSubmit((values) =>
        actor.send({
          type: 'user.submitReset',
          form: {
            newPassword: values.newPassword ?? '',
            confirmNewPassword: values.confirmNewPassword ?? '',
          },
        }),
      )}
    >
      <p className="id-note">{t('forgot.linkIntro')}</p>
      <Field
        label={t('forgot.newPassword')}
        type="password"
        revealable
        autoComplete="new-password"
        error={errors.newPassword?.message}
        data-testid="forgot-link-password"
        {...register('newPassword')}
      />
      <Field
        label={t('forgot.confirmPassword')}
        type="password"
        revealable
        autoComplete="new-password"
        error={errors.confirmNewPassword?.message}
        data-testid="forgot-link-confirm"
        {...register('confirmNewPassword')}
      />
      <FormError message={failure?.message || null} testId="forgot-error" />
      <SubmitButton wide label={t('forgot.submitLink')} busy={busy} testId="forgot-link-submit" />
    </form>
  );
}
