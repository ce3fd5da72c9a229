import { type FormEvent, useState } from 'react';
import type { CrashResult } from '../../../../contract/builtin-games/crash.ts';
import type { DiceResult } from '../../../../contract/builtin-games/dice.ts';
import type { SlotResult } from '../../../../contract/builtin-games/slot.ts';
import {
  type BuiltinGameId,
  type BuiltinRound,
  type BuiltinRoundInput,
  builtinGameIds,
  verifyRound,
} from '../../../../contract/builtin-games/verify.ts';
import type { Translate } from './builtin-types.ts';

function inputOf(game: BuiltinGameId, direction: string, target: number): BuiltinRoundInput {
  if (game === 'dice') {
    return { game, bet: { direction: direction === 'over' ? 'over' : 'under', target } };
  }
  if (game === 'crash') return { game, bet: { target } };
  return { game: 'slot' };
}

function Outcome({ round, t }: { round: BuiltinRound; t: Translate }) {
  const multiplier = (round.result.multiplier10k / 10_000).toFixed(4);
  let detail: string;
  if (round.game === 'dice') {
    detail = t('dice.rolled', { roll: ((round.result as DiceResult).roll / 100).toFixed(2) });
  } else if (round.game === 'crash') {
    detail = t('crash.crashed', {
      point: ((round.result as CrashResult).crashPoint / 100).toFixed(2),
    });
  } else {
    detail = (round.result as SlotResult).grid
      .map((row) => row.map((symbol) => t(`slot.symbol.${symbol}`)).join(' | '))
      .join(' / ');
  }
  return (
    <div data-testid="verify-outcome">
      <p>{detail}</p>
      <p>{t('verify.multiplier', { multiplier })}</p>
    </div>
  );
}

/** The verifier: recomputes a round from its seeds in the browser, with the provider's code. */
export function VerifyPage({ t, query }: { t: Translate; query: URLSearchParams }) {
  const initialGame = builtinGameIds.find((id) => id === query.get('game')) ?? 'dice';
  const [game, setGame] = useState<BuiltinGameId>(initialGame);
  const [serverSeed, setServerSeed] = useState(query.get('serverSeed') ?? '');
  const [hash, setHash] = useState(query.get('hash') ?? '');
  const [clientSeed, setClientSeed] = useState(query.get('clientSeed') ?? '');
  const [nonce, setNonce] = useState(query.get('nonce') ?? '0');
  const [direction, setDirection] = useState(query.get('direction') ?? 'under');
  const [target, setTarget] = useState(query.get('target') ?? (game === 'crash' ? '200' : '5000'));
  const [checked, setChecked] = useState<ReturnType<typeof verifyRound> | null>(null);
  const [invalid, setInvalid] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const nonceValue = Number(nonce);
    if (!serverSeed || !clientSeed || !Number.isInteger(nonceValue) || nonceValue < 0) {
      setInvalid(true);
      setChecked(null);
      return;
    }
    setInvalid(false);
    setChecked(
      verifyRound(
        {
          serverSeed: serverSeed.trim(),
          clientSeed: clientSeed.trim(),
          nonce: nonceValue,
          serverSeedHash: hash,
        },
        inputOf(game, direction, Number(target)),
      ),
    );
  }

  return (
    <main className="bg-page" data-testid="builtin-verify">
      <h1>{t('title.verify')}</h1>
      <p>{t('verify.intro')}</p>
      <form className="bg-form" onSubmit={submit} noValidate>
        <label className="bg-field">
          {t('verify.game')}
          <select value={game} onChange={(event) => setGame(event.target.value as BuiltinGameId)}>
            {builtinGameIds.map((id) => (
              <option key={id} value={id}>
                {t(`title.${id}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="bg-field">
          {t('verify.serverSeed')}
          <input
            name="serverSeed"
            value={serverSeed}
            onChange={(e) => setServerSeed(e.target.value)}
          />
        </label>
        <label className="bg-field">
          {t('verify.serverSeedHash')}
          <input name="hash" value={hash} onChange={(e) => setHash(e.target.value)} />
        </label>
        <label className="bg-field">
          {t('verify.clientSeed')}
          <input
            name="clientSeed"
            value={clientSeed}
            onChange={(e) => setClientSeed(e.target.value)}
          />
        </label>
        <label className="bg-field">
          {t('verify.nonce')}
          <input
            name="nonce"
            inputMode="numeric"
            value={nonce}
            onChange={(e) => setNonce(e.target.value)}
          />
        </label>
        {game === 'dice' && (
          <label className="bg-field">
            {t('dice.direction')}
            <select value={direction} onChange={(e) => setDirection(e.target.value)}>
              <option value="under">{t('dice.under')}</option>
              <option value="over">{t('dice.over')}</option>
            </select>
          </label>
        )}
        {game !== 'slot' && (
          <label className="bg-field">
            {game === 'dice' ? t('dice.target') : t('crash.target')} (×100)
            <input
              name="target"
              inputMode="numeric"
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            />
          </label>
        )}
        <button type="submit" className="bg-play">
          {t('verify.submit')}
        </button>
      </form>
      <div aria-live="polite">
        {invalid && <p role="alert">{t('verify.invalid')}</p>}
        {checked && (
          <section className="bg-panel">
            <h2>{t('verify.outcome')}</h2>
            {checked.hashMatches !== null && (
              <p data-testid="verify-hash">
                {checked.hashMatches ? t('verify.hashOk') : t('verify.hashBad')}
              </p>
            )}
            <Outcome round={checked.round} t={t} />
          </section>
        )}
      </div>
    </main>
  );
}
