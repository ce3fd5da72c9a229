import { useEffect, useState } from 'react';
import {
  type DiceDirection,
  type DiceResult,
  diceFaces,
  diceMultiplier10k,
  diceRtp,
  diceWinningRolls,
  isDiceBetValid,
} from '../../../../contract/builtin-games/dice.ts';
import type { GameViewProps } from './builtin-types.ts';
import { prefersReducedMotion } from './builtin-types.ts';

const shown = (roll: number) => (roll / 100).toFixed(2);

/** Dice: roll under or over a target; the payout is RTP / chance. */
export function DiceGame(props: GameViewProps) {
  const { t, snapshot } = props;
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [target, setTarget] = useState(5000);
  const [flicker, setFlicker] = useState<number | null>(null);
  const bet = { direction, target };
  const valid = isDiceBetValid(bet);
  const rolling = snapshot.matches('placing') || snapshot.matches({ playing: 'rolling' });
  const { round } = snapshot.context;
  const result =
    snapshot.matches({ idle: 'result' }) && round?.game === 'dice'
      ? (round.result as unknown as DiceResult)
      : null;

  // While the round is placed and rolls, the number flickers (decoration only).
  useEffect(() => {
    if (!rolling || prefersReducedMotion()) return;
    const timer = setInterval(() => setFlicker(Math.floor(Math.random() * diceFaces)), 50);
    return () => {
      clearInterval(timer);
      setFlicker(null);
    };
  }, [rolling]);
  const display = rolling ? flicker : result ? result.roll : null;

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
        disabled={!valid || !props.canPlay(bet)}
        onClick={() => props.play(bet)}
      >
        {props.busy ? t('playing') : t('play.dice')}
      </button>
      <p className="bg-note">{t('rtp', { rtp: (diceRtp * 100).toFixed(2) })}</p>
    </section>
  );
}
