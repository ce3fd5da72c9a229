import type { ReactNode } from 'react';
import './form.css';

/** The submit button: disabled and marked busy with a small spinner while the call runs. */
export function SubmitButton({
  label,
  busy = false,
  disabled = false,
  testId,
  wide = false,
}: {
  label: string;
  busy?: boolean;
  disabled?: boolean;
  testId?: string;
  /** Full width (the identity popups' single button). */
  wide?: boolean;
}) {
  return (
    <button
      type="submit"
      className={`btn btn--primary${wide ? ' form-wide' : ''}`}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      data-testid={testId}
    >
      {busy ? <span className="form-spinner" aria-hidden="true" /> : null}
      {label}
    </button>
  );
}

/**
 * The footer of a form: an optional cancel button, anything else the form offers, then submit.
 *
 * @example
 * <FormActions cancel={{ label: t('cancel'), onClick: close }} submit={{ label: t('save'), busy }} />
 */
export function FormActions({
  cancel,
  submit,
  children,
}: {
  cancel?: { label: string; onClick: () => void; disabled?: boolean; testId?: string };
  /** Absent where the form offers something else instead (edit after a failure). */
  submit?: Parameters<typeof SubmitButton>[0];
  /** Buttons between cancel and submit (an "edit" link, a retry). */
  children?: ReactNode;
}) {
  return (
    <div className="form-actions">
      {children}
      {cancel ? (
        <button
          type="button"
          className="btn btn--outline"
          onClick={cancel.onClick}
          disabled={cancel.disabled}
          data-testid={cancel.testId}
        >
          {cancel.label}
        </button>
      ) : null}
      {submit ? <SubmitButton {...submit} /> : null}
    </div>
  );
}
