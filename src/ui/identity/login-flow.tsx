import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { useForm } from 'react-hook-form';
import { loginSchema } from '../../contract/validation-engine.ts';
import type { LoginValues } from '../../contract/validation-engine.ts';
import { moduleIds } from '../../contract/system.ts';
import { formatDateTime } from '../../contract/locale.ts';
import type {
  LoginForm as LoginFormValues,
  LoginOutput,
  LoginTab,
  SocialProvider,
} from '../../machines/login.machine.ts';
import { useModuleEnabled, usePermission } from '../hooks/use-permission.ts';
import {
  useIdentityFlows,
  useIdentityFormFlows,
  type IdentityFormFlows,
} from './identity-flows.ts';
import { CaptchaImage } from './captcha-image.tsx';
import { FlowTabs } from './flow-tabs.tsx';
import { CheckField, Field, FormError } from '../components/form/field.tsx';
import { FormActions, SubmitButton } from '../components/form/form-actions.tsx';
import { RegisterCountryCode, useDefaultDialingCode } from './register-country-code.tsx';
import { CodeField, SmsCodeField } from '../components/form/code-field.tsx';

const isProviderList = (data: unknown): data is SocialProvider[] =>
  Array.isArray(data) && data.every((p) => p === 'google' || p === 'facebook');

type FormValues = LoginValues & { rememberMe: boolean; countryDialingCode?: string };

/**
 * The login flow (loginMachine) for the /login page and the login popup: username / SMS tabs,
 * remember-me, captcha when the server asks, free play, second factor, the after-login modal.
 * `onLink` runs before a register / forgot link is followed (the popup closes).
 */
export function LoginFlow({
  onLink,
  onWelcome,
}: {
  onLink?: (to: 'register' | 'forget') => void;
  /** Told whether the welcome (after-login) step shows, so a popup can title itself. */
  onWelcome?: (shown: boolean) => void;
}) {
  const { t, i18n } = useTranslation('identity');
  const identity = useIdentityFlows();
  const formFlows = useIdentityFormFlows();
  // The social providers' list, if the app has not asked for it yet.
  const { warmUp } = identity;
  useEffect(warmUp, [warmUp]);
  const navigate = useNavigate();
  const permission = usePermission();
  const smsLogin = useModuleEnabled(moduleIds.smsLogin);
  const freePlay = useModuleEnabled(moduleIds.freePlay);
  const directRegistration = useModuleEnabled(moduleIds.directRegistration);
  const socialProviders = useSelector(identity.socialProviders, (s) =>
    isProviderList(s.context.data) ? s.context.data : [],
  );
  const [searchParams] = useSearchParams();
  const socialError = searchParams.get('socialError');
  const actor = useActorRef(formFlows.login, {
    input: {
      smsLoginEnabled: smsLogin,
      freePlayEnabled: freePlay,
      socialProviders,
      defaultPassword: null,
    },
  });
  const state = useSelector(actor, (s) => s.value as string);
  const tab = useSelector(actor, (s) => s.context.tab);
  const captchaShown = useSelector(actor, (s) => s.context.captchaRequired);
  // What was last sent: the form is drawn again (after the human check, with the captcha)
  // holding it, so a failure never wipes what the player typed.
  const lastForm = useSelector(actor, (s) => s.context.form);
  const failure = useSelector(actor, (s) => s.context.failure);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const output = useSelector(actor, (s) => (s.status === 'done' ? s.output : undefined));
  const welcome = state === 'afterLogin';
  useEffect(() => {
    onWelcome?.(welcome);
    return () => onWelcome?.(false);
  }, [welcome, onWelcome]);

  useEffect(() => {
    if (!output) return;
    finish(output);
    function finish(result: LoginOutput) {
      if (result.outcome === 'changePassword') {
        identity.dialogs.send({
          type: 'app.openChangePassword',
          reason: result.reason === 'expired' ? 'expired' : 'firstLogin',
          heldPassword: result.password,
        });
      } else {
        identity.dialogs.send({ type: 'user.close' });
      }
      navigate('/');
    }
  }, [output, identity.dialogs, navigate]);

  if (
    state === 'secondFactor' ||
    state === 'sendingSecondFactorCode' ||
    state === 'verifyingSecondFactor'
  ) {
    return <SecondFactorStep actor={actor} />;
  }
  if (state === 'afterLogin') return <AfterLogin actor={actor} />;
  if (state === 'challenge') {
    return (
      <p className="id-busy" data-testid="login-human-check" role="status">
        {t('login.checking')}
      </p>
    );
  }

  const tabs: LoginTab[] = smsLogin ? ['username', 'sms'] : ['username'];
  return (
    <div className="id-flow" data-testid="login-form">
      {tabs.length > 1 && (
        <FlowTabs
          label={t('login.title')}
          tabs={tabs}
          selected={tab}
          onSelect={(name) => actor.send({ type: 'user.selectTab', tab: name })}
          text={(name) => t(`login.tab.${name}`)}
          testIdPrefix="login-tab"
        />
      )}
      {permission && (
        <LoginForm
          key={`${tab}-${i18n.language}-${captchaShown}`}
          tab={tab}
          captchaShown={captchaShown}
          typed={lastForm?.type === tab ? lastForm : null}
          busy={busy}
          rememberedUsable={failure?.code !== 'session_expired'}
          onContinueRemembered={() => actor.send({ type: 'user.continueRemembered' })}
          onForgetRemembered={() => actor.send({ type: 'user.forgetRemembered' })}
          onSubmit={(values) =>
            actor.send({
              type: 'user.submit',
              form: {
                type: tab,
                username: (values.username ?? '').trim(),
                ...(tab === 'username'
                  ? { password: values.password ?? '' }
                  : {
                      verificationCode: (values.verificationCode ?? '').trim(),
                      countryDialingCode: values.countryDialingCode,
                    }),
                ...(captchaShown ? { captcha: (values.captcha ?? '').trim() } : {}),
                rememberMe: values.rememberMe,
              },
            })
          }
        />
      )}
      <FormError
        message={
          failure?.message ||
          (socialError
            ? t(`login.socialError.${socialError}`, {
                defaultValue: t('login.socialError.social_login_failed'),
              })
            : null)
        }
        testId="login-error"
      />
      {socialProviders.length > 0 && (
        <div className="id-social" role="group" aria-label={t('login.socialTitle')}>
          {socialProviders.map((provider) => (
            <button
              key={provider}
              type="button"
              className="btn btn--outline id-wide"
              disabled={busy}
              onClick={() => actor.send({ type: 'user.social', provider })}
              data-testid={`login-social-${provider}`}
            >
              {t(`login.social.${provider}`)}
            </button>
          ))}
        </div>
      )}
      <div className="id-links">
        {directRegistration && (
          <Link to="/register" onClick={() => onLink?.('register')} data-testid="login-to-register">
            {t('login.toRegister')}
          </Link>
        )}
        <Link to="/forget" onClick={() => onLink?.('forget')} data-testid="login-to-forget">
          {t('login.toForget')}
        </Link>
      </div>
      {freePlay && (
        <button
          type="button"
          className="btn btn--outline id-wide"
          disabled={busy}
          onClick={() => actor.send({ type: 'user.freePlay' })}
          data-testid="login-free-play"
        >
          {t('login.freePlay')}
        </button>
      )}
    </div>
  );
}

function LoginForm({
  tab,
  captchaShown,
  typed,
  busy,
  rememberedUsable,
  onContinueRemembered,
  onForgetRemembered,
  onSubmit,
}: {
  tab: LoginTab;
  captchaShown: boolean;
  /** What the player last sent on this tab (kept after a failure); the captcha is not kept. */
  typed: LoginFormValues | null;
  busy: boolean;
  /** False once the remembered device was refused (expired or used up). */
  rememberedUsable: boolean;
  onContinueRemembered: () => void;
  onForgetRemembered: () => void;
  onSubmit: (values: FormValues) => void;
}) {
  const { t, i18n } = useTranslation('identity');
  const identity = useIdentityFlows();
  const formFlows = useIdentityFormFlows();
  const permission = usePermission();
  const resolver = useMemo(() => {
    const schema = loginSchema(
      permission!.validators,
      { type: tab, captchaShown },
      { translate: formFlows.forms.translator(i18n) },
    );
    return formFlows.forms.resolver(schema);
  }, [permission, tab, captchaShown, i18n, formFlows]);
  const [remembered, setRemembered] = useState(() => identity.rememberedUsername());
  const defaultDialingCode = useDefaultDialingCode();
  const [chosenDialingCode, setDialingCode] = useState<string | null>(null);
  const dialingCode = chosenDialingCode ?? defaultDialingCode;
  const { register, handleSubmit, formState, trigger, getValues } = useForm<LoginValues>({
    resolver,
    defaultValues: {
      username: typed?.username ?? (tab === 'username' ? (remembered ?? '') : ''),
      ...(typed?.password === undefined ? {} : { password: typed.password }),
      ...(typed?.verificationCode === undefined
        ? {}
        : { verificationCode: typed.verificationCode }),
    },
  });
  const [rememberMe, setRememberMe] = useState(remembered !== null);
  const errors = formState.errors;
  // An invalid form is sent too: the login flow then drops the previous failure's message, so
  // a field's own error never stands beside an old one.
  const submit = (values: LoginValues) =>
    onSubmit({
      ...values,
      rememberMe,
      ...(tab === 'sms' ? { countryDialingCode: dialingCode } : {}),
    });

  return (
    <form
      className="id-form"
      noValidate
      onSubmit={handleSubmit(submit, () => submit(getValues()))}
      aria-busy={busy}
    >
      {tab === 'username' && remembered && rememberedUsable && (
        <div className="id-remembered" data-testid="login-remembered">
          <button
            type="button"
            className="btn btn--primary id-wide"
            disabled={busy}
            onClick={onContinueRemembered}
            data-testid="login-continue-remembered"
          >
            {t('login.continueAs', { username: remembered })}
          </button>
          <p className="id-note">{t('login.continueAsHint')}</p>
          <button
            type="button"
            className="id-link-button"
            onClick={() => {
              onForgetRemembered();
              setRemembered(null);
            }}
            data-testid="login-forget-device"
          >
            {t('login.forgetDevice')}
          </button>
        </div>
      )}
      {tab === 'username' ? (
        <>
          <Field
            label={t('form.username')}
            autoComplete="username"
            error={errors.username?.message}
            data-testid="login-username"
            {...register('username')}
          />
          <Field
            label={t('form.password')}
            type="password"
            revealable
            autoComplete="current-password"
            error={errors.password?.message}
            data-testid="login-password"
            {...register('password')}
          />
        </>
      ) : (
        <>
          <RegisterCountryCode
            label={t('register.countryCode')}
            value={dialingCode}
            onChange={(event) => setDialingCode(event.target.value)}
          />
          <Field
            label={t('form.mobile')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            error={errors.username?.message}
            data-testid="login-mobile"
            {...register('username')}
          />
          <SmsCodeField
            label={t('form.smsCode')}
            error={errors.verificationCode?.message}
            data-testid="login-code"
            sms={{
              logic: formFlows.loginSms,
              request: async () => {
                if (!dialingCode || !(await trigger('username'))) return null;
                return { countryDialingCode: dialingCode, mobileNo: getValues('username') ?? '' };
              },
              testId: 'login-get-code',
            }}
            {...register('verificationCode')}
          />
        </>
      )}
      {captchaShown && (
        <Field
          label={t('form.captcha')}
          autoComplete="off"
          error={errors.captcha?.message}
          data-testid="login-captcha-input"
          addon={<CaptchaImage testId="login-captcha" />}
          {...register('captcha')}
        />
      )}
      <CheckField
        checked={rememberMe}
        onChange={(e) => setRememberMe(e.target.checked)}
        data-testid="login-remember"
      >
        {t('login.rememberMe')}
      </CheckField>
      <SubmitButton wide label={t('login.submit')} busy={busy} testId="login-submit" />
    </form>
  );
}

type LoginActor = ReturnType<typeof useActorRef<IdentityFormFlows['login']>>;

function SecondFactorStep({ actor }: { actor: LoginActor }) {
  const { t } = useTranslation('identity');
  const factors = useSelector(actor, (s) => s.context.challenge?.factors ?? []);
  const factor = useSelector(actor, (s) => s.context.factor);
  const failure = useSelector(actor, (s) => s.context.failure);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const sending = useSelector(actor, (s) => s.matches('sendingSecondFactorCode'));
  const codeSent = useSelector(actor, (s) => s.context.codeSent);
  const [code, setCode] = useState('');
  const invalid = code !== '' && !/^\d{6}$/.test(code);
  return (
    <form
      className="id-form"
      data-testid="login-second-factor"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (/^\d{6}$/.test(code)) actor.send({ type: 'user.submitCode', code });
      }}
    >
      <p>{t('login.secondFactor')}</p>
      {factors.length > 1 && (
        <FlowTabs
          label={t('login.secondFactor')}
          tabs={factors}
          selected={factor}
          onSelect={(f) => actor.send({ type: 'user.selectFactor', factor: f })}
          text={(f) => t(`login.factor.${f}`)}
        />
      )}
      {(factor === 'sms' || factor === 'email') && (
        <>
          <button
            type="button"
            className="btn btn--outline id-wide"
            disabled={busy}
            onClick={() => actor.send({ type: 'user.sendCode' })}
            data-testid="login-second-factor-send"
          >
            {sending
              ? t('form.working')
              : codeSent?.factor === factor
                ? t('login.resendCode')
                : t('login.sendCode')}
          </button>
          {codeSent?.factor === factor && (
            <p role="status" data-testid="login-second-factor-sent">
              {t(`login.codeSent.${factor}`, { minutes: codeSent.expiredMinutes })}
            </p>
          )}
        </>
      )}
      {factor === 'totp' && <p>{t('login.totpHint')}</p>}
      <CodeField
        label={t('login.code')}
        value={code}
        onChange={(e) => setCode(e.target.value.trim())}
        error={invalid ? t('login.codeFormat') : undefined}
        data-testid="login-second-factor-code"
      />
      <FormError message={failure?.message || null} testId="login-error" />
      <FormActions
        cancel={{ label: t('form.cancel'), onClick: () => actor.send({ type: 'user.cancel' }) }}
        submit={{ label: t('form.confirm'), busy }}
      />
    </form>
  );
}

function AfterLogin({ actor }: { actor: LoginActor }) {
  const { t, i18n } = useTranslation('identity');
  const previous = useSelector(actor, (s) => s.context.result?.previousLoginAt ?? null);
  const name = useSelector(actor, (s) => s.context.member?.account ?? '');
  return (
    <div className="id-flow" data-testid="after-login-modal" role="status">
      <h3 className="id-title">{t('afterLogin.welcome', { name })}</h3>
      <p data-testid="after-login-previous">
        {previous
          ? t('afterLogin.previous', {
              time: formatDateTime(previous, i18n.language),
            })
          : t('afterLogin.first')}
      </p>
      <button
        type="button"
        className="btn btn--primary id-wide"
        onClick={() => actor.send({ type: 'user.dismiss' })}
        data-testid="after-login-close"
        autoFocus
      >
        {t('form.ok')}
      </button>
    </div>
  );
}
