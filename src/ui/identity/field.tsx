import { useId, useState } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  /** A password field gets a show/hide toggle. */
  revealable?: boolean;
  /** Something beside the input (the get-code button, the captcha image). */
  addon?: ReactNode;
};

/** A labelled input with its first error under it, linked by aria-describedby. */
export function Field({ label, error, revealable, addon, type, ...input }: Props) {
  const { t } = useTranslation('identity');
  const id = useId();
  const errorId = `${id}-error`;
  const [shown, setShown] = useState(false);
  return (
    <div className={`id-field${error ? ' id-field--error' : ''}`}>
      <label htmlFor={id} className="id-field__label">
        {label}
      </label>
      <div className="id-field__row">
        <input
          id={id}
          className="id-field__input"
          type={revealable && shown ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {revealable && (
          <button
            type="button"
            className="id-field__toggle"
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? t('form.hidePassword') : t('form.showPassword')}
          </button>
        )}
        {addon}
      </div>
      {error && (
        <p id={errorId} className="id-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The server's message after a failed call. */
export function FormError({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <p className="id-form__error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
