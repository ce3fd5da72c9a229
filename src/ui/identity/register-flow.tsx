import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { useForm, useWatch } from 'react-hook-form';
import { recheckWhileInvalid } from '../components/form/recheck.ts';
import { registrationFields, registrationSchema } from '../../contract/validation-engine.ts';
import type {
  RegisterType,
  RegistrationOptions,
  RegistrationValues,
} from '../../contract/validation-engine.ts';
import type { RegisterField } from '../../contract/validation.ts';
import type { Permission } from '../../contract/system.ts';
import { moduleIds } from '../../contract/system.ts';
import type { RegistrationInput } from '../../machines/registration.machine.ts';
import { useModuleEnabled, usePermission } from '../hooks/use-permission.ts';
import {
  useIdentityFlows,
  useIdentityFormFlows,
  type IdentityFormFlows,
} from './identity-flows.ts';
import { CaptchaImage } from './captcha-image.tsx';
import { FlowTabs } from './flow-tabs.tsx';
import { CheckField, Field, FormError } from '../components/form/field.tsx';
import { SubmitButton } from '../components/form/form-actions.tsx';
import { RegisterCountryCode, useDefaultDialingCode } from './register-country-code.tsx';
import { WarningDialog } from '../modals/warning-dialog.tsx';
import { SmsCodeField } from '../components/form/code-field.tsx';

/** The test id of each input; the optional text fields use `register-<field>`. */
const inputTestIds: Partial<Record<RegisterField, string>> = {
  username: 'register-username',
  password: 'register-password',
  confirmPassword: 'register-confirm',
  paymentPassword: 'register-payment-password',
  mobileNum: 'register-mobile',
  verificationCode: 'register-code',
  captcha: 'register-captcha-input',
  affiliateCode: 'register-affiliate',
};

const autoCompletes: Partial<Record<RegisterField, string>> = {
  username: 'username',
  password: 'new-password',
  confirmPassword: 'new-password',
  paymentPassword: 'new-password',
  mobileNum: 'tel-national',
  verificationCode: 'one-time-code',
  email: 'email',
  payeeName: 'name',
  captcha: 'off',
};

const secretFields = new Set<RegisterField>(['password', 'confirmPassword', 'paymentPassword']);
const numericFields = new Set<RegisterField>(['mobileNum', 'verificationCode', 'qqNum']);

/**
 * The registration flow (registrationMachine) for the /register page and the register popup:
 * username / mobile tabs, the fields the operator's rules show, the SMS code button, captcha,
 * affiliate code (hidden when the URL's ?referralCode is an agent's), the referring player's
 * code (read-only, when the URL's ?referralCode is not an agent's), terms and age. Once
 * registered the popup closes and the app goes home.
 */
export function RegisterFlow({ onLink }: { onLink?: () => void }) {
  const permission = usePermission();
  const usernameRegistration = useModuleEnabled(moduleIds.usernameRegistration);
  const mobileRegistration = useModuleEnabled(moduleIds.mobileRegistration);
  const mobileWithPassword = useModuleEnabled(moduleIds.mobileWithPassword);
  const smsVerification = useModuleEnabled(moduleIds.registerSmsVerification);
  const [params] = useSearchParams();
  if (!permission) return null;
  return (
    <RegisterMachine
      input={{
        validators: permission.validators,
        usernameRegistration,
        mobileRegistration,
        mobileWithPassword,
        smsVerification,
        captchaShown: permission.settings.captchaEnabled,
        urlAffiliateCode: params.get('referralCode')?.trim() || null,
      }}
      permission={permission}
      onLink={onLink}
    />
  );
}

function RegisterMachine({
  input,
  permission,
  onLink,
}: {
  input: RegistrationInput;
  permission: Permission;
  onLink?: () => void;
}) {
  const { t, i18n } = useTranslation('identity');
  const identity = useIdentityFlows();
  const formFlows = useIdentityFormFlows();
  const navigate = useNavigate();
  const actor = useActorRef(formFlows.registration, { input });
  const state = useSelector(actor, (s) => s.value as string);
  const registerType = useSelector(actor, (s) => s.context.registerType);
  const showTabs = useSelector(actor, (s) => s.context.showTabs);
  const affiliateShown = useSelector(actor, (s) => s.context.affiliateShown);
  const referralCode = useSelector(actor, (s) => s.context.referralCode);
  const failure = useSelector(actor, (s) => s.context.failure);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const done = useSelector(actor, (s) => s.status === 'done');

  useEffect(() => {
    if (!done) return;
    identity.dialogs.send({ type: 'user.close' });
    navigate('/');
  }, [done, identity.dialogs, navigate]);

  if (state === 'checkingUrlAffiliate') {
    return (
      <p className="id-busy" data-testid="register-modal" role="status">
        {t('form.working')}
      </p>
    );
  }

  const options: RegistrationOptions = {
    registerType,
    smsVerification: input.smsVerification,
    mobileWithPassword: input.mobileWithPassword,
    captchaShown: input.captchaShown,
    affiliateShown,
  };
  const tabs: RegisterType[] = ['mobile', 'username'];
  const dismiss = () => actor.send({ type: 'user.dismiss' });

  return (
    <div className="id-flow" data-testid="register-form">
      {showTabs && (
        <FlowTabs
          label={t('register.title')}
          tabs={tabs}
          selected={registerType}
          onSelect={(name) => actor.send({ type: 'user.selectTab', registerType: name })}
          text={(name) => t(`register.tab.${name}`)}
          testIdPrefix="register-tab"
        />
      )}
      <RegisterForm
        key={`${registerType}-${i18n.language}`}
        permission={permission}
        options={options}
        referralCode={referralCode}
        busy={busy}
        machineErrors={actor}
        onSubmit={(form) => actor.send({ type: 'user.submit', form })}
      />
      {state === 'verifyingHuman' && (
        <p className="id-busy" data-testid="human-verification" role="status">
          {t('login.checking')}
        </p>
      )}
      <FormError message={failure?.message || null} testId="register-error" />
      <div className="id-links">
        <Link to="/login" onClick={() => onLink?.()} data-testid="register-to-login">
          {t('register.toLogin')}
        </Link>
      </div>
      <WarningDialog
        open={state === 'termsWarning'}
        title={t('register.termsTitle')}
        message={t('register.termsWarning')}
        onClose={dismiss}
        testId="register-terms-warning"
      />
      <WarningDialog
        open={state === 'affiliateWarning'}
        title={t('register.affiliateTitle')}
        message={t('register.affiliateWarning')}
        onClose={dismiss}
        testId="register-affiliate-warning"
      />
    </div>
  );
}

const noFields: ReadonlySet<string> = new Set();

type RegisterActor = ReturnType<typeof useActorRef<IdentityFormFlows['registration']>>;

function RegisterForm({
  permission,
  options,
  referralCode,
  busy,
  machineErrors,
  onSubmit,
}: {
  permission: Permission;
  options: RegistrationOptions;
  /** A player's referral code from the URL, shown read-only (not a form value). */
  referralCode: string | null;
  busy: boolean;
  machineErrors: RegisterActor;
  onSubmit: (form: RegistrationValues) => void;
}) {
  const { t, i18n } = useTranslation('identity');
  const formFlows = useIdentityFormFlows();
  const translate = useMemo(() => formFlows.forms.translator(i18n), [formFlows, i18n]);
  const { registerType, smsVerification, mobileWithPassword, captchaShown, affiliateShown } =
    options;
  const resolver = useMemo(
    () =>
      formFlows.forms.resolver(
        registrationSchema(
          permission.validators,
          { registerType, smsVerification, mobileWithPassword, captchaShown, affiliateShown },
          { translate },
        ),
      ),
    [
      formFlows,
      permission,
      translate,
      registerType,
      smsVerification,
      mobileWithPassword,
      captchaShown,
      affiliateShown,
    ],
  );
  const shown = registrationFields(permission.validators, options);
  const defaultDialingCode = useDefaultDialingCode();
  const {
    register,
    handleSubmit,
    formState,
    getValues,
    getFieldState,
    setValue,
    trigger,
    control,
  } = useForm<RegistrationValues>({
    resolver,
    defaultValues: { agreeTerms: false, confirmAge: false, countryDialingCode: '' },
  });
  const dialingCode = useWatch({ control, name: 'countryDialingCode' });
  useEffect(() => {
    if (!dialingCode && defaultDialingCode) setValue('countryDialingCode', defaultDialingCode);
  }, [dialingCode, defaultDialingCode, setValue]);
  const fromMachine = useSelector(machineErrors, (s) => s.context.errors);
  // The fields edited since the machine last judged the form: its error there is stale.
  const [edits, setEdits] = useState(() => ({ of: fromMachine, fields: new Set<string>() }));
  const edited: ReadonlySet<string> = edits.of === fromMachine ? edits.fields : noFields;
  const errorOf = (field: string): string | undefined => {
    const own = (formState.errors as Record<string, { message?: string } | undefined>)[field];
    if (own?.message) return own.message;
    const message = edited.has(field) ? undefined : fromMachine[field];
    return message ? translate(message.key, message.params) : undefined;
  };
  /** A field bound to the form whose error, its own or the flow's, goes once its value is fixed. */
  const bind = (name: keyof RegistrationValues) =>
    register(name, {
      onChange: () => {
        setEdits((prev) => ({
          of: fromMachine,
          fields: new Set(prev.of === fromMachine ? prev.fields : []).add(name),
        }));
        recheckWhileInvalid({ getFieldState, trigger }, name);
      },
    });

  const requestCode = async () => {
    const valid = await trigger(['mobileNum', 'countryDialingCode']);
    if (!valid) return null;
    const values = getValues();
    return {
      countryDialingCode: values.countryDialingCode ?? '',
      mobileNo: (values.mobileNum ?? '').trim(),
      ...(options.captchaShown && values.captcha ? { captcha: values.captcha.trim() } : {}),
    };
  };

  const label = (field: RegisterField) => t(`register.field.${field}`);

  return (
    <form
      className="id-form"
      noValidate
      aria-busy={busy}
      // Invalid fields show their errors; the machine still hears the submit so an unticked
      // terms box brings its warning first.
      onSubmit={handleSubmit(onSubmit, () => onSubmit(getValues()))}
    >
      {shown.map(({ field }) => {
        if (field === 'mobileNum') {
          return (
            <div key={field} className="id-form">
              <RegisterCountryCode
                label={t('register.countryCode')}
                error={errorOf('countryDialingCode')}
                {...bind('countryDialingCode')}
              />
              <Field
                label={label(field)}
                type="tel"
                inputMode="numeric"
                autoComplete={autoCompletes[field]}
                error={errorOf(field)}
                data-testid={inputTestIds[field]}
                {...bind(field)}
              />
            </div>
          );
        }
        if (field === 'verificationCode') {
          return (
            <SmsCodeField
              key={field}
              label={label(field)}
              autoComplete={autoCompletes[field] ?? 'off'}
              error={errorOf(field)}
              data-testid={inputTestIds[field] ?? `register-${field}`}
              sms={{
                logic: formFlows.registerSms,
                request: requestCode,
                testId: 'register-get-code',
              }}
              {...bind(field)}
            />
          );
        }
        return (
          <Field
            key={field}
            label={label(field)}
            type={secretFields.has(field) ? 'password' : field === 'email' ? 'email' : 'text'}
            revealable={secretFields.has(field)}
            inputMode={numericFields.has(field) ? 'numeric' : undefined}
            autoComplete={autoCompletes[field] ?? 'off'}
            error={errorOf(field)}
            data-testid={inputTestIds[field] ?? `register-${field}`}
            addon={field === 'captcha' ? <CaptchaImage testId="register-captcha" /> : undefined}
            {...bind(field)}
          />
        );
      })}
      {referralCode && (
        <Field
          label={t('register.referralCode')}
          readOnly
          value={referralCode}
          autoComplete="off"
          data-testid="register-referral"
        />
      )}
      <CheckField data-testid="register-terms" {...bind('agreeTerms')}>
        {t('register.termsBefore')}{' '}
        <Link to="/help#terms" target="_blank" data-testid="register-terms-link">
          {t('register.termsLink')}
        </Link>
      </CheckField>
      <CheckField data-testid="register-age" error={errorOf('confirmAge')} {...bind('confirmAge')}>
        {t('register.age')}
      </CheckField>
      <SubmitButton wide label={t('register.submit')} busy={busy} testId="register-submit" />
    </form>
  );
}
