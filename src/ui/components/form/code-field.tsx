import type { SmsRequest, smsCountdownMachine } from '../../../machines/sms-countdown.machine.ts';
import { Field, type FieldProps } from './field.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';

/** A one-time code input (SMS, e-mail or authenticator): digits, the browser may fill it. */
export function CodeField({ maxLength = 6, ...field }: FieldProps) {
  return (
    <Field inputMode="numeric" autoComplete="one-time-code" maxLength={maxLength} {...field} />
  );
}

/**
 * The SMS code input with its get-code button beside it (smsCountdownMachine): the button sends
 * `request()` (null while the number is not valid), then counts down until a resend is allowed.
 *
 * @example
 * <SmsCodeField label={t('form.smsCode')} sms={{ logic: flows.loginSms, request, testId }}
 *   {...register('verificationCode')} />
 */
export function SmsCodeField({
  sms,
  ...field
}: FieldProps & {
  sms: {
    logic: typeof smsCountdownMachine;
    request: () => Promise<SmsRequest | null>;
    testId: string;
  };
}) {
  return (
    <CodeField
      maxLength={undefined}
      addon={<SmsCodeButton logic={sms.logic} request={sms.request} testId={sms.testId} />}
      {...field}
    />
  );
}
