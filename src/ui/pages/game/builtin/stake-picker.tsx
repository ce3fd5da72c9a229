import type { Language } from '../../../../contract/constants.ts';
import { type Translate, moneyOf } from './builtin-types.ts';

/** Stakes offered, in minor units. */
export const stakes = ['100', '500', '1000', '5000', '10000'] as const;

/** The stake as a radio group: arrow keys move, the browser keeps it accessible. */
export function StakePicker(props: {
  t: Translate;
  value: string;
  onChange: (stake: string) => void;
  currency: string;
  language: Language;
  disabled: boolean;
}) {
  return (
    <fieldset className="bg-stakes" disabled={props.disabled}>
      <legend>{props.t('stake')}</legend>
      {stakes.map((stake) => (
        <label key={stake} className={stake === props.value ? 'bg-chip bg-chip--on' : 'bg-chip'}>
          <input
            type="radio"
            name="stake"
            value={stake}
            checked={stake === props.value}
            onChange={() => props.onChange(stake)}
          />
          {moneyOf(stake, props.currency, props.language)}
        </label>
      ))}
    </fieldset>
  );
}
