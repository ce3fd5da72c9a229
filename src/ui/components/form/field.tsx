import { useId, useState } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import './form.css';

type Frame = {
  label: string;
  /** The first problem with the value, shown under it and announced. */
  error?: string;
  /** A note under the field (limits, format). */
  hint?: ReactNode;
  /** data-testid of the error line. */
  errorTestId?: string;
};

/** The ids that tie a control to its label, hint and error (aria-describedby). */
function useFieldIds({ error, hint }: Pick<Frame, 'error' | 'hint'>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return { id, hintId, errorId, describedBy: describedBy || undefined };
}

/** Label, the control row, hint and error: the one layout of every field. */
function FieldFrame({
  label,
  error,
  hint,
  errorTestId,
  ids,
  children,
}: Frame & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}`}>
      <label htmlFor={ids.id} className="form-field__label">
        {label}
      </label>
      <div className="form-field__row">{children}</div>
      {hint ? (
        <p id={ids.hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="form-field__error" role="alert" data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type FieldProps = InputHTMLAttributes<HTMLInputElement> &
  Frame & {
    ref?: Ref<HTMLInputElement>;
    /** A password field gets a show/hide toggle. */
    revealable?: boolean;
    /** Something before the input (the currency symbol). */
    prefix?: ReactNode;
    /** Something beside the input (the get-code button, the captcha image). */
    addon?: ReactNode;
  };

/**
 * A labelled input with its hint and first error under it, linked by aria-describedby and
 * marked aria-invalid while the error shows. Takes react-hook-form's `register(...)` as is.
 *
 * @example
 * <Field label={t('form.username')} error={errors.username?.message} {...register('username')} />
 */
export function Field({
  label,
  error,
  hint,
  errorTestId,
  revealable,
  prefix,
  addon,
  type,
  ...input
}: FieldProps) {
  const { t } = useTranslation('identity');
  const ids = useFieldIds({ error, hint });
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame label={label} error={error} hint={hint} errorTestId={errorTestId} ids={ids}>
      {prefix ? (
        <span className="form-field__prefix" aria-hidden="true">
          {prefix}
        </span>
      ) : null}
      <input
        id={ids.id}
        className="form-field__input"
        type={revealable && shown ? 'text' : type}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...input}
      />
      {revealable && (
        <button
          type="button"
          className="form-field__button"
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? t('form.hidePassword') : t('form.showPassword')}
        </button>
      )}
      {addon}
    </FieldFrame>
  );
}

/** A labelled select in the same frame as `Field` (options as children). */
export function SelectField({
  label,
  error,
  hint,
  errorTestId,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & Frame & { ref?: Ref<HTMLSelectElement> }) {
  const ids = useFieldIds({ error, hint });
  return (
    <FieldFrame label={label} error={error} hint={hint} errorTestId={errorTestId} ids={ids}>
      <select
        id={ids.id}
        className="form-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

/** The server's message after a failed call, for the whole form. */
export function FormError({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}

/** A checkbox with its label beside it and its error under it (terms, age, remember me). */
export function CheckField({
  children,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  ref?: Ref<HTMLInputElement>;
  error?: string;
  /** The label's content (text, links). */
  children: ReactNode;
}) {
  const errorId = `${useId()}-error`;
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}`}>
      <label className="form-check">
        <input
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        <span>{children}</span>
      </label>
      {error ? (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
