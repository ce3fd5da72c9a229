import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './records.css';

/**
 * The frame of a member-center record page (account record, bonus details, betting record,
 * profit and loss): its heading, a row of filters, then the entries (table and pager).
 */
export function RecordsFrame({
  testId,
  title,
  filters,
  children,
}: {
  testId: string;
  title: string;
  filters: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="rc-page" data-testid={testId} aria-labelledby={headingId}>
      <h2 id={headingId} className="rc-title">
        {title}
      </h2>
      <div className="rc-filters">{filters}</div>
      {children}
    </section>
  );
}

/** A labelled select of the filter row. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="rc-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="pg-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The date presets as pressed-or-not chips (the 7 / 30 day presets, and a custom range). */
export function PresetChips<P extends string>({
  presets,
  value,
  labelOf,
  onChange,
}: {
  presets: readonly P[];
  value: P;
  labelOf: (preset: P) => string;
  onChange: (preset: P) => void;
}) {
  const { t } = useTranslation('records');
  return (
    <div className="pg-chips" role="group" aria-label={t('presets.label')}>
      {presets.map((preset) => (
        <button
          key={preset}
          type="button"
          className="pg-chip"
          aria-pressed={value === preset}
          onClick={() => onChange(preset)}
        >
          {labelOf(preset)}
        </button>
      ))}
    </div>
  );
}
