import { useId, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { jackpotMachine } from '../../machines/jackpot.machine.ts';
import { useFormat } from '../hooks/use-format.ts';

/** The decorative jackpot figure on /rng; it rises by 165.11 every 3 seconds. */
export function JackpotCounter() {
  const { t } = useTranslation('layout');
  // The start is read once, when the counter first appears.
  const [startedAtMs] = useState(() => Date.now());
  const jackpot = useActorRef(jackpotMachine, { input: { startedAtMs } });
  const hundredths = useSelector(jackpot, (s) => s.context.hundredths);
  // An amount like any other: the site's currency, grouped for the page's language.
  const { money } = useFormat();
  // A labelled region, so the figure sits in a landmark like the rest of the page.
  const labelId = useId();
  return (
    <section className="jackpot" data-testid="jackpot-counter" aria-labelledby={labelId}>
      <span className="jackpot__label" id={labelId}>
        {t('jackpot.label')}
      </span>
      {/* Decorative and ever-changing: not announced on every tick. */}
      <span className="jackpot__value" aria-live="off">
        {money(BigInt(Math.trunc(hundredths)))}
      </span>
    </section>
  );
}
