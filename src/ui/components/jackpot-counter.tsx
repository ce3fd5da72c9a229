import { useId, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { jackpotMachine } from '../../machines/jackpot.machine.ts';

/** "1,234,567.89" from hundredths: thousands commas and two decimals. */
export function formatHundredths(hundredths: number): string {
  const whole = Math.floor(hundredths / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (hundredths % 100).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** The decorative jackpot figure on /rng; it rises by 165.11 every 3 seconds. */
export function JackpotCounter() {
  const { t } = useTranslation('layout');
  // The start is read once, when the counter first appears.
  const [startedAtMs] = useState(() => Date.now());
  const jackpot = useActorRef(jackpotMachine, { input: { startedAtMs } });
  const hundredths = useSelector(jackpot, (s) => s.context.hundredths);
  // A labelled region, so the figure sits in a landmark like the rest of the page.
  const labelId = useId();
  return (
    <section className="jackpot" data-testid="jackpot-counter" aria-labelledby={labelId}>
      <span className="jackpot__label" id={labelId}>
        {t('jackpot.label')}
      </span>
      {/* Decorative and ever-changing: not announced on every tick. */}
      <span className="jackpot__value" aria-live="off">
        {formatHundredths(hundredths)}
      </span>
    </section>
  );
}
