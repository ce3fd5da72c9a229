import {
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useActorRef, useSelector } from '@xstate/react';
import {
  proofImageLimits,
  type ConfirmationOutcome,
  type Withdrawal,
} from '../../../contract/withdrawal.ts';
import type { ProofImage } from '../../../machines/withdrawal-confirmation.machine.ts';
import { useWithdrawFlows } from './withdraw-flows.ts';
import { Spinner } from '../../components/spinner.tsx';
import { FormError } from '../../components/form/field.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { MoneyField, parseTypedMoney, useMoney } from '../../components/form/money-field.tsx';
import { formText } from '../../components/form/form-data.ts';
import { useErrorText } from './withdraw-page-ref.ts';

/** Previews of picked images: object URLs made once per image and revoked when it goes. */
function Previews({ images, onRemove }: { images: ProofImage[]; onRemove: (id: string) => void }) {
  const { t } = useTranslation('withdraw');
  const urls = useMemo(
    () => new Map(images.map((image) => [image.id, URL.createObjectURL(image.file)])),
    [images],
  );
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  if (images.length === 0) return null;
  return (
    <ul className="wd-previews" aria-label={t('confirm.previews')}>
      {images.map((image) => (
        <li key={image.id} className="wd-preview">
          <img src={urls.get(image.id)} alt={image.name} className="wd-preview__image" />
          <button
            type="button"
            className="wd-preview__remove"
            aria-label={t('confirm.remove', { name: image.name })}
            onClick={() => onRemove(image.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

let imageCounter = 0;

/** The confirmation of one paid request (withdrawalConfirmationMachine). */
export function Confirmation({
  withdrawal,
  onDone,
}: {
  withdrawal: Withdrawal;
  onDone: () => void;
}) {
  const { t } = useTranslation('withdraw');
  const withdraw = useWithdrawFlows();
  const money = useMoney();
  const errorText = useErrorText();
  const actor = useActorRef(withdraw.confirmation, {
    input: { withdrawalId: withdrawal.id, amount: withdrawal.amount },
  });
  const step = useSelector(actor, (s) =>
    s.matches('confirmed')
      ? 'confirmed'
      : s.matches('closed')
        ? 'closed'
        : s.matches('inspecting')
          ? 'inspecting'
          : s.matches('submitting')
            ? 'submitting'
            : 'choosing',
  );
  const outcome = useSelector(actor, (s) => s.context.outcome);
  const images = useSelector(actor, (s) => s.context.images);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const fileInput = useRef<HTMLInputElement>(null);
  // `onDone` runs once, when the machine reaches its final state (confirmed or closed): on the
  // actor's done snapshot, not on a render, so a caller's new callback on every render (the
  // list re-read it sends re-renders the page) cannot send it again (issue 34, the storm of
  // withdraw/info calls).
  const announceDone = useEffectEvent(onDone);
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status === 'done') announceDone();
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  if (step === 'confirmed') {
    return (
      <p className="wd-success" role="status" data-testid="withdraw-confirmed">
        {t('confirm.thanks')}
      </p>
    );
  }
  if (step === 'closed') {
    return (
      <p className="wd-muted" role="status" data-testid="withdraw-confirmation-closed">
        {t('confirm.closed')}
      </p>
    );
  }

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    if (files.length === 0) return;
    actor.send({
      type: 'user.addImages',
      images: files.map((file) => ({
        id: `img-${++imageCounter}`,
        name: file.name,
        type: file.type,
        size: file.size,
        file,
      })),
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (outcome === 'partlyReceived') {
      const received = parseTypedMoney(formText(form, 'receivedAmount'))?.toString() ?? '';
      actor.send({ type: 'user.setReceivedAmount', amount: received });
    }
    actor.send({ type: 'user.submit' });
  };
  const outcomes: ConfirmationOutcome[] = ['received', 'notReceived', 'partlyReceived'];
  const legendId = `wd-outcome-${withdrawal.id}`;

  return (
    <form
      className="wd-form wd-confirm"
      onSubmit={onSubmit}
      noValidate
      data-testid="withdraw-confirmation"
    >
      <fieldset className="wd-outcomes" aria-labelledby={legendId}>
        <legend id={legendId} className="field__label">
          {t('confirm.question', { amount: money(withdrawal.amount) })}
        </legend>
        {outcomes.map((value) => (
          <label key={value} className="wd-outcome">
            <input
              type="radio"
              name="outcome"
              value={value}
              checked={outcome === value}
              onChange={() => actor.send({ type: 'user.selectOutcome', outcome: value })}
              data-testid={`withdraw-outcome-${value}`}
            />
            {t(`confirm.${value}`)}
          </label>
        ))}
      </fieldset>
      {outcome === 'partlyReceived' ? (
        <MoneyField
          label={t('confirm.receivedAmount')}
          name="receivedAmount"
          required
          data-testid="withdraw-received-amount"
        />
      ) : null}
      {outcome === 'notReceived' || outcome === 'partlyReceived' ? (
        <div className="wd-upload">
          <p className="wd-muted" id={`wd-limits-${withdrawal.id}`}>
            {t('confirm.limits', { count: proofImageLimits.maxCount, size: 5 })}
            {outcome === 'notReceived' ? ` ${t('confirm.proofRequired')}` : ''}
          </p>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg"
            multiple
            className="visually-hidden"
            // The button below is the control readers meet; this input only opens the picker.
            aria-hidden="true"
            onChange={onPick}
            aria-describedby={`wd-limits-${withdrawal.id}`}
            data-testid="withdraw-proof-input"
            tabIndex={-1}
          />
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => fileInput.current?.click()}
            disabled={busy || images.length >= proofImageLimits.maxCount}
            data-testid="withdraw-proof-pick"
          >
            {t('confirm.addImages', { count: images.length, max: proofImageLimits.maxCount })}
          </button>
          {step === 'inspecting' ? <Spinner label={t('confirm.checking')} /> : null}
          <Previews
            images={images}
            onRemove={(id) => actor.send({ type: 'user.removeImage', id })}
          />
        </div>
      ) : null}
      <FormError message={errorText(error)} testId="withdraw-confirmation-error" />
      <FormActions
        submit={{
          label: t('confirm.submit'),
          busy: step === 'submitting',
          testId: 'withdraw-confirm-submit',
        }}
      />
    </form>
  );
}
