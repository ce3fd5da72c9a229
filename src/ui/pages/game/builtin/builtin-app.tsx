import { useCallback, useEffect, useState } from 'react';
import type {
  BuiltinPlayBody,
  BuiltinPlayReply,
  BuiltinRoundView,
  BuiltinState,
} from '../../../../contract/builtin-games.ts';
import type { BuiltinGameId } from '../../../../contract/builtin-games/verify.ts';
import type { Language } from '../../../../contract/constants.ts';
import { type BuiltinApi, type SessionStore, type Translate, moneyOf } from './builtin-types.ts';
import { StakePicker } from './stake-picker.tsx';
import { SlotGame } from './slot-game.tsx';
import { DiceGame } from './dice-game.tsx';
import { CrashGame } from './crash-game.tsx';

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready' };

function errorText(t: Translate, error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'insufficient_balance') return t('error.insufficient');
  if (code === 'session_expired' || code === 'seamless_token_invalid') return t('error.session');
  return t('error.generic');
}

function resultText(round: BuiltinRoundView): string {
  const result = round.result as Record<string, unknown>;
  if (round.game === 'dice') return (Number(result.roll) / 100).toFixed(2);
  if (round.game === 'crash') return `${(Number(result.crashPoint) / 100).toFixed(2)}x`;
  return `${(Number(result.multiplier10k) / 10_000).toFixed(2)}x`;
}

/** A verifier link that carries a round's seeds (the server seed is pasted once revealed). */
function verifyHref(round: BuiltinRoundView): string {
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

/**
 * A built-in game in the /game frame: the provider session from the launch token, balance,
 * stake, the game, the provably fair seeds, and the latest rounds.
 */
export function BuiltinGameApp(props: {
  game: BuiltinGameId;
  launchToken: string | null;
  api: BuiltinApi;
  sessions: SessionStore;
  t: Translate;
  language: Language;
}) {
  const { api, sessions, t, language } = props;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [state, setState] = useState<BuiltinState | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [stake, setStake] = useState('100');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [lastWin, setLastWin] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    async function start() {
      try {
        if (props.launchToken) {
          const session = await api.openSession(props.launchToken);
          sessions.set(session.sessionToken);
          if (cancelled) return;
          setToken(session.sessionToken);
          setState(session);
        } else {
          const saved = sessions.get();
          if (!saved) throw Object.assign(new Error('none'), { code: 'no_session' });
          const current = await api.state(saved);
          if (cancelled) return;
          setToken(saved);
          setState(current);
        }
        setLoad({ kind: 'ready' });
      } catch (error) {
        if (cancelled) return;
        const code = (error as { code?: string }).code;
        setLoad({
          kind: 'failed',
          message: code === 'no_session' ? t('error.noSession') : errorText(t, error),
        });
      }
    }
    void start();
    return () => {
      cancelled = true;
    };
  }, [api, sessions, props.launchToken, t]);

  const play = useCallback(
    async (bet: unknown): Promise<BuiltinPlayReply | null> => {
      if (!token || !state) return null;
      setBusy(true);
      setNotice(null);
      setLastWin(null);
      try {
        const body = (
          props.game === 'slot' ? { game: 'slot', stake } : { game: props.game, stake, bet }
        ) as BuiltinPlayBody;
        const reply = await api.play(token, body);
        setState((previous) =>
          previous
            ? {
                ...previous,
                balance: reply.balance,
                seeds: reply.seeds,
                history: [reply.round, ...previous.history].slice(0, 20),
              }
            : previous,
        );
        setLastWin(reply.round.win);
        return reply;
      } catch (error) {
        setNotice(errorText(t, error));
        return null;
      } finally {
        setBusy(false);
      }
    },
    [api, props.game, stake, state, t, token],
  );

  async function rotate() {
    if (!token) return;
    setBusy(true);
    try {
      const seeds = await api.rotateSeeds(token);
      setState((previous) => (previous ? { ...previous, seeds } : previous));
    } catch (error) {
      setNotice(errorText(t, error));
    } finally {
      setBusy(false);
    }
  }

  const title = t(`title.${props.game}`);
  if (load.kind !== 'ready' || !state) {
    return (
      <main className="bg-page" aria-labelledby="bg-game-title">
        <h1 id="bg-game-title">{title}</h1>
        <p role={load.kind === 'failed' ? 'alert' : 'status'} data-testid="builtin-status">
          {load.kind === 'failed' ? load.message : t('loading')}
        </p>
      </main>
    );
  }
  const money = (minor: string) => moneyOf(minor, state.currency, language);
  const gameProps = { t, busy };
  return (
    <main className="bg-page" data-testid={`builtin-${props.game}`} aria-labelledby="bg-game-title">
      <header className="bg-head">
        <h1 id="bg-game-title">{title}</h1>
        <p className="bg-balance">
          <span>{t('balance')}</span>{' '}
          <strong data-testid="builtin-balance">{money(state.balance)}</strong>
        </p>
      </header>
      <StakePicker
        t={t}
        value={stake}
        onChange={setStake}
        currency={state.currency}
        language={language}
        disabled={busy}
      />
      {props.game === 'slot' && <SlotGame {...gameProps} play={play} />}
      {props.game === 'dice' && <DiceGame {...gameProps} play={play} />}
      {props.game === 'crash' && <CrashGame {...gameProps} play={play} />}
      <p className="bg-notice" role="status" data-testid="builtin-notice">
        {notice ??
          (lastWin === null
            ? ''
            : lastWin === '0'
              ? t('lose')
              : t('win', { amount: money(lastWin) }))}
      </p>
      <section className="bg-panel" aria-labelledby="bg-fair">
        <h2 id="bg-fair">{t('fair.title')}</h2>
        <dl className="bg-seeds">
          <dt>{t('fair.serverSeedHash')}</dt>
          <dd data-testid="builtin-hash">
            <code>{state.seeds.serverSeedHash}</code>
          </dd>
          <dt>{t('fair.clientSeed')}</dt>
          <dd>
            <code>{state.seeds.clientSeed}</code>
          </dd>
          <dt>{t('fair.nonce')}</dt>
          <dd data-testid="builtin-nonce">{state.seeds.nonce}</dd>
          {state.seeds.previous && (
            <>
              <dt>{t('fair.previous')}</dt>
              <dd data-testid="builtin-revealed">
                <code>{state.seeds.previous.serverSeed}</code>
              </dd>
              <dt>{t('fair.previousClientSeed')}</dt>
              <dd>
                <code>{state.seeds.previous.clientSeed}</code>{' '}
                {t('fair.previousRounds', { count: state.seeds.previous.nonce })}
              </dd>
            </>
          )}
        </dl>
        <button
          type="button"
          className="bg-secondary"
          disabled={busy}
          onClick={() => void rotate()}
        >
          {t('fair.rotate')}
        </button>
        <p className="bg-note">{t('fair.rotateHint')}</p>
        <a className="bg-link" href="/builtin/verify" target="_blank" rel="noreferrer">
          {t('fair.verifyLink')}
        </a>
      </section>
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
                {state.history.map((round) => (
                  <tr key={round.roundId}>
                    <td>
                      <a href={verifyHref(round)} target="_blank" rel="noreferrer">
                        {round.nonce}
                      </a>
                    </td>
                    <td>{money(round.stake)}</td>
                    <td>{money(round.win)}</td>
                    <td>{resultText(round)}</td>
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
