import { useActorRef, useSelector } from '@xstate/react';
import type { BuiltinRoundView } from '../../../../contract/builtin-games.ts';
import type { BuiltinGameId } from '../../../../contract/builtin-games/verify.ts';
import type { Language } from '../../../../contract/constants.ts';
import type { builtinRoundMachine } from '../../../../machines/builtin-round.machine.ts';
import {
  type BuiltinRoundSnapshot,
  type GameViewProps,
  type Translate,
  moneyOf,
} from './builtin-types.ts';
import { StakePicker } from './stake-picker.tsx';
import { SlotGame } from './slot-game.tsx';
import { DiceGame } from './dice-game.tsx';
import { CrashGame } from './crash-game.tsx';
import { SeedsPanel } from './seeds-panel.tsx';

function resultText(round: BuiltinRoundView): string {
  const result = round.result as Record<string, unknown>;
  if (round.game === 'dice') return (Number(result.roll) / 100).toFixed(2);
  if (round.game === 'crash') return `${(Number(result.crashPoint) / 100).toFixed(2)}x`;
  return `${(Number(result.multiplier10k) / 10_000).toFixed(2)}x`;
}

/** A verifier link that carries a round's seeds (the server seed is pasted once revealed). */
export function verifyHref(round: BuiltinRoundView): string {
  const query = new URLSearchParams({
    game: round.game,
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    hash: round.serverSeedHash,
  });
  const bet = round.bet as Record<string, unknown> | null;
  if (bet?.direction) query.set('direction', String(bet.direction));
  if (bet?.target !== undefined) query.set('target', String(bet.target));
  return `/builtin/verify?${query.toString()}`;
}

/** The handle of the round's state for tests: ready, result, insufficient or busy. */
function roundTestId(snapshot: BuiltinRoundSnapshot): string {
  if (snapshot.hasTag('busy')) return 'builtin-busy';
  if (snapshot.matches({ idle: 'result' })) return 'builtin-result';
  if (snapshot.matches({ idle: 'insufficientFunds' })) return 'builtin-insufficient';
  return 'builtin-ready';
}

/**
 * A built-in game in the /game frame, drawn from its round machine
 * (src/machines/builtin-round.machine.ts): the provider session from the launch token, balance,
 * stake, the game, the provably fair seeds, and the latest rounds.
 */
export function BuiltinGameApp(props: {
  game: BuiltinGameId;
  launchToken: string | null;
  /** The session kept by an earlier load of the page (a reload), if any. */
  savedToken: string | null;
  logic: typeof builtinRoundMachine;
  t: Translate;
  language: Language;
}) {
  const { t, language, game } = props;
  const actor = useActorRef(props.logic, {
    input: { game, launchToken: props.launchToken, token: props.savedToken },
  });
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const state = context.state;
  const title = t(`title.${game}`);

  if (
    !state ||
    snapshot.matches('loading') ||
    snapshot.matches('sessionExpired') ||
    snapshot.matches('failed')
  ) {
    const expired = snapshot.matches('sessionExpired');
    const failed = snapshot.matches('failed');
    return (
      <main className="bg-page" aria-labelledby="bg-game-title">
        <h1 id="bg-game-title">{title}</h1>
        {expired || failed ? (
          <p role="alert" data-testid={expired ? 'builtin-expired' : 'builtin-failed'}>
            {expired
              ? context.error === 'no_session'
                ? t('error.noSession')
                : t('error.session')
              : context.error === 'network'
                ? t('error.network')
                : context.error === 'free_rounds_none'
                  ? t('error.freeRoundsNone')
                  : context.error === 'builtin_seeds_changed'
                    ? t('error.seedsChanged')
                    : context.error === 'system_maintenance'
                      ? t('error.maintenance')
                      : t('error.generic')}
          </p>
        ) : (
          <p role="status" data-testid="builtin-status">
            {t('loading')}
          </p>
        )}
        {failed && (
          <button
            type="button"
            className="bg-play"
            data-testid="builtin-retry"
            onClick={() => actor.send({ type: 'user.retry' })}
          >
            {t('retry')}
          </button>
        )}
      </main>
    );
  }

  const money = (minor: string) => moneyOf(minor, state.currency, language);
  const busy = snapshot.hasTag('busy');
  const gameProps: GameViewProps = {
    t,
    snapshot,
    busy,
    freeSpin: (state.freeRounds?.roundsLeft ?? 0) > 0,
    canPlay: (bet) => snapshot.can({ type: 'user.play', bet }),
    play: (bet) => actor.send({ type: 'user.play', bet }),
  };
  const round = context.round;
  const showsResult = snapshot.matches({ idle: 'result' }) && round !== null;
  const freeLeft = state.freeRounds?.roundsLeft ?? 0;
  return (
    <main className="bg-page" data-testid={`builtin-${game}`} aria-labelledby="bg-game-title">
      <header className="bg-head">
        <h1 id="bg-game-title">{title}</h1>
        <p className="bg-balance">
          <span>{t('balance')}</span>{' '}
          <strong data-testid="builtin-balance">{money(state.balance)}</strong>
        </p>
      </header>
      <div className="bg-round" data-testid={roundTestId(snapshot)}>
        {freeLeft > 0 && (
          <p className="bg-free" role="status" data-testid="builtin-free-spins">
            <strong>
              {t(freeLeft === 1 ? 'freeSpins.left_one' : 'freeSpins.left_other', {
                count: freeLeft,
              })}
            </strong>{' '}
            <span>{t('freeSpins.stake', { stake: money(state.freeRounds!.stake) })}</span>
          </p>
        )}
        <StakePicker
          t={t}
          // During free spins the round is played at the grant's stake: the picker shows it.
          value={freeLeft > 0 ? state.freeRounds!.stake : context.stake}
          onChange={(stake) => actor.send({ type: 'user.selectStake', stake })}
          currency={state.currency}
          language={language}
          disabled={busy || freeLeft > 0}
        />
        {game === 'slot' && <SlotGame {...gameProps} />}
        {game === 'dice' && <DiceGame {...gameProps} />}
        {game === 'crash' && <CrashGame {...gameProps} />}
        <p className="bg-notice" role="status" data-testid="builtin-notice">
          {snapshot.matches({ idle: 'insufficientFunds' })
            ? t('error.insufficient')
            : showsResult
              ? round.win === '0'
                ? t('lose')
                : t('win', { amount: money(round.win) })
              : ''}
        </p>
        {showsResult && (
          <p className="bg-note" data-testid="builtin-round-seeds">
            {t('result.seeds', { nonce: round.nonce, clientSeed: round.clientSeed })}{' '}
            <a className="bg-link" href={verifyHref(round)} target="_blank" rel="noreferrer">
              {t('result.verify')}
            </a>
          </p>
        )}
      </div>
      <SeedsPanel
        t={t}
        seeds={state.seeds}
        clientSeed={context.clientSeed}
        busy={busy}
        canRotate={snapshot.can({ type: 'user.rotateSeeds' })}
        onClientSeed={(clientSeed) => actor.send({ type: 'user.editClientSeed', clientSeed })}
        onRotate={() => actor.send({ type: 'user.rotateSeeds' })}
      />
      <section className="bg-panel" aria-labelledby="bg-history">
        <h2 id="bg-history">{t('history.title')}</h2>
        {state.history.length === 0 ? (
          <p>{t('history.empty')}</p>
        ) : (
          <div className="bg-scroll">
            <table className="bg-table" data-testid="builtin-history">
              <thead>
                <tr>
                  <th scope="col">{t('history.nonce')}</th>
                  <th scope="col">{t('history.stake')}</th>
                  <th scope="col">{t('history.win')}</th>
                  <th scope="col">{t('history.result')}</th>
                </tr>
              </thead>
              <tbody>
                {state.history.map((played) => (
                  <tr key={played.roundId}>
                    <td>
                      <a href={verifyHref(played)} target="_blank" rel="noreferrer">
                        {played.nonce}
                      </a>
                    </td>
                    <td>
                      {money(played.stake)}
                      {played.free && ` (${t('freeSpins.round')})`}
                    </td>
                    <td>{money(played.win)}</td>
                    <td>{resultText(played)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}
