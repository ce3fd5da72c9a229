import { useState } from 'react';
import type { BuiltinPlayReply } from '../../../../contract/builtin-games.ts';
import {
  type CrashBet,
  type CrashResult,
  crashMaxTarget,
  crashMinTarget,
  crashRtp,
} from '../../../../contract/builtin-games/crash.ts';
import { type Translate, prefersReducedMotion } from './builtin-types.ts';

const shown = (hundredths: number) => (hundredths / 100).toFixed(2);

/** Climbs from 1.00x to `end` (hundredths), faster as it goes; resolves when there. */
function climb(end: number, onFrame: (value: number) => void): Promise<void> {
  if (prefersReducedMotion() || end <= 100) {
    onFrame(end);
    return Promise.resolve();
  }
  // Exponential growth: 1.00x to `end` in at most ~2.5 s.
  const duration = Math.min(2500, 600 + Math.log(end / 100) * 900);
  const start = performance.now();
  return new Promise((resolve) => {
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / duration);
      onFrame(Math.floor(100 * Math.pow(end / 100, progress)));
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

/** Crash: set a cash-out target; the rocket climbs until it crashes or reaches the target. */
export function CrashGame(props: {
  t: Translate;
  busy: boolean;
  play: (bet: CrashBet) => Promise<BuiltinPlayReply | null>;
}) {
  const { t } = props;
  const [targetText, setTargetText] = useState('2.00');
  const [value, setValue] = useState(100);
  const [result, setResult] = useState<CrashResult | null>(null);
  const [flying, setFlying] = useState(false);
  const target = Math.round(Number(targetText) * 100);
  const valid = Number.isFinite(target) && target >= crashMinTarget && target <= crashMaxTarget;

  async function launch() {
    setResult(null);
    setValue(100);
    setFlying(true);
    const reply = await props.play({ target });
    if (!reply) {
      setFlying(false);
      return;
    }
    const outcome = reply.round.result as unknown as CrashResult;
    await climb(outcome.win ? target : outcome.crashPoint, setValue);
    setFlying(false);
    setResult(outcome);
  }

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
            ? t('crash.cashed', { point: shown(target) })
            : t('crash.crashed', { point: shown(result.crashPoint) })
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
        disabled={props.busy || !valid}
        onClick={() => void launch()}
      >
        {props.busy ? t('playing') : t('play.crash')}
      </button>
      <p className="bg-note">{t('rtp', { rtp: (crashRtp * 100).toFixed(2) })}</p>
    </section>
  );
}
