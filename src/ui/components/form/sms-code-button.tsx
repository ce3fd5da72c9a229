import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { WarningDialog } from '../../modals/warning-dialog.tsx';
import type { SmsRequest, smsCountdownMachine } from '../../../machines/sms-countdown.machine.ts';

/**
 * The "get code" button (smsCountdownMachine): sends the code, then shows the seconds left and
 * stays disabled until they run out; a failed send shows the server's message until dismissed.
 * `request` returns what to send, or null when the mobile number is not valid yet.
 */
export function SmsCodeButton({
  logic,
  request,
  testId,
}: {
  logic: typeof smsCountdownMachine;
  request: () => Promise<SmsRequest | null>;
  testId: string;
}) {
  const { t } = useTranslation('identity');
  const actor = useActorRef(logic);
  const code = useSelector(actor, (s) => (s.value as { code: string | object }).code);
  const secondsLeft = useSelector(actor, (s) => s.context.secondsLeft);
  const failure = useSelector(actor, (s) => s.context.failure);
  const warning = useSelector(
    actor,
    (s) => s.matches({ code: 'failed' }) || s.matches({ code: { locked: 'warning' } }),
  );
  const state = typeof code === 'string' ? code : Object.keys(code)[0];
  const counting = state === 'counting';
  const locked = state === 'locked';
  const sending = state === 'sending';

  return (
    <span
      className="id-sms"
      data-testid={counting ? 'sms-countdown' : locked ? 'sms-locked' : 'sms-send'}
    >
      <button
        type="button"
        className="form-field__button"
        disabled={state !== 'idle'}
        aria-busy={sending}
        onClick={async () => {
          const next = await request();
          if (next) actor.send({ type: 'user.send', request: next });
        }}
        data-testid={testId}
      >
        {counting
          ? t('sms.secondsLeft', { seconds: secondsLeft })
          : sending
            ? t('form.working')
            : t('sms.getCode')}
      </button>
      <WarningDialog
        open={warning}
        title={t('sms.failedTitle')}
        message={failure?.message || t('sms.failed')}
        onClose={() => actor.send({ type: 'user.dismiss' })}
        testId="sms-warning"
      />
    </span>
  );
}
