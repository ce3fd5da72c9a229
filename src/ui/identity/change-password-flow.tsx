import { useEffect, useEffectEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import { useForm } from 'react-hook-form';
import { changePasswordSchema } from '../../contract/validation-engine.ts';
import type { ChangePasswordValues } from '../../contract/validation-engine.ts';
import type { ChangePasswordReason } from '../../machines/change-password.machine.ts';
import { usePermission } from '../hooks/use-permission.ts';
import { useIdentityFlows, useIdentityFormFlows } from './identity-flows.ts';
import { Field, FormError } from '../components/form/field.tsx';
import { FormActions } from '../components/form/form-actions.tsx';

/**
 * The change-password form (changePasswordMachine): the current password only when none is
 * held from the login. `onDone` runs when the popup closes ('home' after a change).
 */
export function ChangePasswordFlow({
  reason,
  heldPassword,
  onDone,
}: {
  reason: ChangePasswordReason;
  heldPassword: string | null;
  onDone: (outcome: 'home' | 'closed') => void;
}) {
  const { t, i18n } = useTranslation('identity');
  const identity = useIdentityFlows();
  const formFlows = useIdentityFormFlows();
  const permission = usePermission();
  const username = useSelector(identity.session, (s) => s.context.member?.account ?? null);
  const actor = useActorRef(formFlows.changePassword, {
    input: { reason, username, heldPassword },
  });
  const askCurrent = useSelector(actor, (s) => s.context.askCurrentPassword);
  const failure = useSelector(actor, (s) => s.context.failure);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const output = useSelector(actor, (s) => (s.status === 'done' ? s.output : undefined));
  // Once, when the machine ends: a caller's new `onDone` on a render does not run it again.
  const finish = useEffectEvent(onDone);
  useEffect(() => {
    if (output) finish(output.outcome);
  }, [output]);

  const resolver = useMemo(
    () =>
      formFlows.forms.resolver(
        changePasswordSchema(
          permission?.validators ?? ({} as never),
          { askCurrent, current: heldPassword },
          { translate: formFlows.forms.translator(i18n) },
        ),
      ),
    [permission, askCurrent, heldPassword, i18n, formFlows],
  );
  const { register, handleSubmit, formState } = useForm<ChangePasswordValues>({ resolver });
  const errors = formState.errors;

  return (
    <form
      className="id-form"
      noValidate
      data-testid="change-password-form"
      aria-busy={busy}
      onSubmit={handleSubmit((values) =>
        actor.send({
          type: 'user.submit',
          form: {
            ...(askCurrent ? { oldPassword: values.oldPassword ?? '' } : {}),
            newPassword: values.newPassword ?? '',
            confirmNewPassword: values.confirmNewPassword ?? '',
          },
        }),
      )}
    >
      {reason !== 'voluntary' && <p className="id-note">{t(`changePassword.reason.${reason}`)}</p>}
      {username && (
        <p className="id-note">
          {t('form.username')}: <strong>{username}</strong>
        </p>
      )}
      {askCurrent && (
        <Field
          label={t('changePassword.current')}
          type="password"
          revealable
          autoComplete="current-password"
          error={errors.oldPassword?.message}
          data-testid="change-password-current"
          {...register('oldPassword')}
        />
      )}
      <Field
        label={t('changePassword.new')}
        type="password"
        revealable
        autoComplete="new-password"
        error={errors.newPassword?.message}
        data-testid="change-password-new"
        {...register('newPassword')}
      />
      <Field
        label={t('changePassword.confirm')}
        type="password"
        revealable
        autoComplete="new-password"
        error={errors.confirmNewPassword?.message}
        data-testid="change-password-confirm"
        {...register('confirmNewPassword')}
      />
      <FormError message={failure?.message || null} testId="change-password-error" />
      <FormActions
        cancel={
          reason === 'voluntary'
            ? { label: t('form.cancel'), onClick: () => actor.send({ type: 'user.close' }) }
            : undefined
        }
        submit={{ label: t('form.confirm'), busy, testId: 'change-password-submit' }}
      />
    </form>
  );
}
