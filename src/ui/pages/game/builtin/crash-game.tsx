import { useState } from 'react';
import {
  type CrashResult,
  crashMaxTarget,
  crashMinTarget,
  crashRtp,
} from '../../../../contract/builtin-games/crash.ts';
import type { GameViewProps } from './builtin-types.ts';

const shown = (hundredths: number) => (hundredths / 100).toFixed(2);

/** Crash: set a cash-out target; the multiplier climbs until it crashes or cashes out. */
export function CrashGame(props: GameViewProps) {
  const { t, snapshot } = props;
  const [targetText, setTargetText] = useState('2.00');
  const target = Math.round(Number(targetText) * 100);
  const valid = Number.isFinite(target) && target >= crashMinTarget && target <= crashMaxTarget;
  const { flight, round } = snapshot.context;
  const flying = snapshot.matches({ playing: 'climbing' });
  const result =
    snapshot.matches({ idle: 'result' }) && round?.game === 'crash'
      ? (round.result as unknown as CrashResult)
      : null;
  const cashedAt = Number((round?.bet as { target?: number } | null)?.target ?? target);
  // Placing starts again at 1.00x; the flight climbs; the result keeps where it ended.
  const value = snapshot.matches('placing') ? 100 : (flight?.multiplier ?? 100);

  const height = Math.min(100, Math.log(value / 100) * 30);
  return (
    <section className="bg-game" aria-labelledby="bg-game-title">
      <div
        className={`bg-sky ${result ? (result.win ? 'bg-sky--win' : 'bg-sky--lose') : ''}`}
        aria-hidden="true"
      >
        <span
          className={flying ? 'bg-rocket bg-rocket--fly' : 'bg-rocket'}
          style={{ bottom: `${height * 0.8}%` }}
        >
          ▲
        </span>
        <span className="bg-sky__value">{shown(value)}x</span>
      </div>
      <p className="bg-outcome" aria-live="polite" data-testid="builtin-outcome">
        {result
          ? result.win
            ? t('crash.cashed', { point: shown(cashedAt) })
            : t('crash.crashed', { point: shown(result.crashPoint) })
          : flying
            ? t('crash.autoCashOut', { point: shown(cashedAt) })
            : ' '}
      </p>
      <label className="bg-field">
        {t('crash.target')}
        <input
          type="number"
          inputMode="decimal"
          min={crashMinTarget / 100}
          max={crashMaxTarget / 100}
          step="0.01"
          value={targetText}
          disabled={props.busy}
          onChange={(event) => setTargetText(event.target.value)}
        />
      </label>
      <button
        type="button"
        className="bg-play"
        data-testid="builtin-play"
        disabled={!valid || !props.canPlay({ target })}
        onClick={() => props.play({ target })}
      >
        {props.busy ? t('playing') : t('play.crash')}
      </button>
      <p className="bg-note">{t('rtp', { rtp: (crashRtp * 100).toFixed(2) })}</p>
    </section>
  );
}
