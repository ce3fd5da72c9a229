import { useState } from 'react';
import type { BuiltinPlayReply } from '../../../../contract/builtin-games.ts';
import {
  type DiceBet,
  type DiceDirection,
  type DiceResult,
  diceFaces,
  diceMultiplier10k,
  diceRtp,
  diceWinningRolls,
  isDiceBetValid,
} from '../../../../contract/builtin-games/dice.ts';
import { type Translate, pause, prefersReducedMotion } from './builtin-types.ts';

const shown = (roll: number) => (roll / 100).toFixed(2);

/** Dice: roll under or over a target; the payout is RTP / chance. */
export function DiceGame(props: {
  t: Translate;
  busy: boolean;
  play: (bet: DiceBet) => Promise<BuiltinPlayReply | null>;
}) {
  const { t } = props;
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [target, setTarget] = useState(5000);
  const [display, setDisplay] = useState<number | null>(null);
  const [result, setResult] = useState<DiceResult | null>(null);
  const bet = { direction, target };
  const valid = isDiceBetValid(bet);

  async function roll() {
    setResult(null);
    let timer: ReturnType<typeof setInterval> | undefined;
    if (!prefersReducedMotion()) {
      timer = setInterval(() => setDisplay(Math.floor(Math.random() * diceFaces)), 50);
    }
    const reply = await props.play(bet);
    if (reply) await pause(450);
    clearInterval(timer);
    if (!reply) {
      setDisplay(null);
      return;
    }
    const outcome = reply.round.result as unknown as DiceResult;
    setDisplay(outcome.roll);
    setResult(outcome);
  }

  return (
    <section className="bg-game" aria-labelledby="bg-game-title">
      <div
        className={`bg-dice ${result ? (result.win ? 'bg-dice--win' : 'bg-dice--lose') : ''}`}
        aria-hidden="true"
      >
        {display === null ? '--.--' : shown(display)}
      </div>
      <div className="bg-track" aria-hidden="true">
        <div
          className="bg-track__win"
          style={
            direction === 'under'
              ? { left: 0, width: `${target / 100}%` }
              : { left: `${target / 100}%`, right: 0 }
          }
        />
        {result && <div className="bg-track__mark" style={{ left: `${result.roll / 100}%` }} />}
      </div>
      <p className="bg-outcome" aria-live="polite" data-testid="builtin-outcome">
        {result
          ? `${t('dice.rolled', { roll: shown(result.roll) })} · ${result.win ? '✓' : '✗'}`
          : ' '}
      </p>
      <fieldset className="bg-row" disabled={props.busy}>
        <legend>{t('dice.direction')}</legend>
        {(['under', 'over'] as const).map((value) => (
          <label key={value} className={direction === value ? 'bg-chip bg-chip--on' : 'bg-chip'}>
            <input
              type="radio"
              name="direction"
              value={value}
              checked={direction === value}
              onChange={() => setDirection(value)}
            />
            {t(`dice.${value}`)}
          </label>
        ))}
      </fieldset>
      <label className="bg-field">
        {t('dice.target')}: {shown(target)}
        <input
          type="range"
          min={100}
          max={9800}
          step={50}
          value={target}
          disabled={props.busy}
          onChange={(event) => setTarget(Number(event.target.value))}
        />
      </label>
      <dl className="bg-facts">
        <div>
          <dt>{t('dice.chance')}</dt>
          <dd>{valid ? `${(diceWinningRolls(bet) / 100).toFixed(2)}%` : '—'}</dd>
        </div>
        <div>
          <dt>{t('dice.payout')}</dt>
          <dd>{valid ? `${(diceMultiplier10k(bet) / 10_000).toFixed(4)}x` : '—'}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="bg-play"
        data-testid="builtin-play"
        disabled={props.busy || !valid}
        onClick={() => void roll()}
      >
        {props.busy ? t('playing') : t('play.dice')}
      </button>
      <p className="bg-note">{t('rtp', { rtp: (diceRtp * 100).toFixed(2) })}</p>
    </section>
  );
}
