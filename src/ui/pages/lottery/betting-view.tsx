import { useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { lobbyGamesOf, useLotteryFlows, type LobbyGame } from './lottery-flows.ts';
import { useLobbyRefresh } from './lottery-lobby.tsx';
import { shortNumero } from '../../../contract/lottery.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { BetSlip } from './bet-slip.tsx';
import { MyBets, ResultBoard } from './lottery-results.tsx';
import {
  useLoad,
  useLotteryMember,
  useRemainText,
  useScheduleText,
  useTick,
} from './use-lottery.ts';

/**
 * The betting view of one game (/lottery or /vnlottery ?view=betting&gameId=): the open draw's
 * countdown (`drawCountdownMachine` on the server's durations and the real-time draw news),
 * the bet slip, the result board with its verifier and the member's own bets.
 */
export function BettingView({ gameId }: { gameId: string }) {
  const { t } = useTranslation('lottery');
  const flows = useLotteryFlows();
  const { signedIn, balance } = useLotteryMember();
  const { money } = useFormat();
  const scheduleText = useScheduleText();
  const refresh = useLobbyRefresh();
  const rawGames = useSelector(refresh, (s) => s.context.games);
  const loading = useSelector(refresh, (s) => s.hasTag('busy'));
  const failed = useSelector(refresh, (s) => s.context.error);
  const game = lobbyGamesOf(rawGames).find((g) => g.gameId === gameId) ?? null;
  // The timer starts with the first open draw and stays: between a close and the next opening
  // the menu has no open draw, while the timer still runs to the draw and shows its result.
  const [started, setStarted] = useState(false);
  if (!started && game?.numero) setStarted(true);

  const results = useLoad(`results:${gameId}`, (signal) =>
    flows.calls.openedNumeros(gameId, 10, signal),
  );
  const bets = useLoad(
    `bets:${gameId}:${String(signedIn)}`,
    signedIn ? (signal) => flows.calls.bets({ gameId, pageSize: 100 }, signal) : null,
  );
  const reloadResults = results.reload;
  const reloadBets = bets.reload;
  useEffect(
    () =>
      flows.listen((news) => {
        if (news.payload.gameId !== gameId) return;
        if (news.name === 'lotteryDraw') reloadResults();
        reloadBets();
      }),
    [flows, gameId, reloadResults, reloadBets],
  );

  return (
    <div className="lot-betting" data-testid="lottery-betting">
      <p className="lot-heading">
        <Link to={{ search: '' }} className="pg-btn pg-btn--ghost pg-btn--small">
          {t('betting.back')}
        </Link>
        {signedIn && (
          <span className="lot-balance">
            {t('betting.balance')}{' '}
            <strong data-testid="lottery-balance">{balance === null ? '…' : money(balance)}</strong>
          </span>
        )}
      </p>
      {game === null ? (
        loading || (!failed && rawGames.length === 0) ? (
          <div className="pg-state" role="status">
            <span className="pg-spinner" aria-hidden="true" />
            <span>{t('games.loading')}</span>
          </div>
        ) : (
          <p className="pg-state pg-state--empty" role="status">
            {failed ? t('games.failed') : t('betting.noGame')}
          </p>
        )
      ) : (
        <>
          <div className="pg-intro">
            <h1>{game.gameName}</h1>
            <p className="pg-muted" data-testid="lottery-schedule">
              {[
                t(`tags.${game.gameMenuTag}`, { defaultValue: game.gameMenuTag }),
                scheduleText(game),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
          <div className="lot-betting__grid">
            {started ? (
              <DrawPanel key={gameId} game={game} onBetsPlaced={reloadBets} />
            ) : (
              <NextOpening game={game} />
            )}
          </div>
          <ResultBoard game={game} draws={results} />
          {signedIn && <MyBets bets={bets} />}
        </>
      )}
    </div>
  );
}

/** Before the game's first open draw of the visit: when the next one opens. */
function NextOpening({ game }: { game: LobbyGame }) {
  const { t } = useTranslation('lottery');
  const remain = useRemainText();
  const now = useTick();
  const opensIn =
    game.nextOpenTime === null
      ? null
      : Math.max(0, game.nextOpenTime - Math.max(0, now - game.receivedAt));
  return (
    <section
      className="pg-card lot-draw"
      aria-labelledby="lot-draw-title"
      data-testid="draw-waiting"
    >
      <h2 id="lot-draw-title">{t('draw.title')}</h2>
      {opensIn === null ? (
        <p>{t('games.noDraw')}</p>
      ) : (
        <p className="lot-draw__timer">
          <span className="pg-muted">{t('games.opensIn')}</span>{' '}
          <span role="timer" className="lot-timer lot-timer--big" data-testid="draw-opens-in">
            {remain(opensIn)}
          </span>
        </p>
      )}
    </section>
  );
}

/** How long a result (or a cancel) stays on the timer before the next draw takes its place. */
const resultHoldMs = 8000;

/** The draw's timer and the slip: the countdown takes the menu's timings and the draw news. */
function DrawPanel({ game, onBetsPlaced }: { game: LobbyGame; onBetsPlaced: () => void }) {
  const { t } = useTranslation('lottery');
  const flows = useLotteryFlows();
  const remain = useRemainText();
  const logic = useMemo(() => flows.drawCountdown(game.gameId), [flows, game.gameId]);
  const countdown = useActorRef(logic, {
    input: { numero: game.numero ?? '', remainTime: game.remainTime, lockTime: game.lockTime },
  });
  const snapshot = useSelector(countdown, (s) => s);
  const first = useRef(true);
  const finished = useSelector(countdown, (s) => s.matches('result') || s.matches('cancelled'));
  const finishedAt = useRef(0);
  useEffect(() => {
    if (finished) finishedAt.current = performance.now();
  }, [finished]);

  // Each fresh list: this draw's timing moves the countdown. Once its result (or cancel) has
  // been on screen a few seconds, the game's next open draw takes over.
  useEffect(() => {
    if (first.current || game.numero === null) {
      first.current = false;
      return;
    }
    const numero = game.numero;
    const timing = () => ({
      numero,
      remainTime: game.remainTime - Math.round(Math.max(0, performance.now() - game.receivedAt)),
      lockTime: game.lockTime,
    });
    if (numero === countdown.getSnapshot().context.numero) {
      countdown.send({ type: 'server.drawUpdated', ...timing() });
      return;
    }
    if (!finished) return;
    const wait = Math.max(0, resultHoldMs - (performance.now() - finishedAt.current));
    const timer = window.setTimeout(
      () => countdown.send({ type: 'app.nextDraw', ...timing() }),
      wait,
    );
    return () => window.clearTimeout(timer);
  }, [countdown, finished, game.numero, game.remainTime, game.lockTime, game.receivedAt]);

  useEffect(
    () =>
      flows.listen((news) => {
        if (news.name !== 'lotteryDraw' || news.payload.gameId !== game.gameId) return;
        const { numero, numbers, state } = news.payload;
        if (state === 'cancelled') countdown.send({ type: 'socket.drawCancelled', numero });
        else if (numbers) countdown.send({ type: 'socket.drawResult', numero, numbers });
      }),
    [flows, countdown, game.gameId],
  );

  const { numero, secondsLeft, numbers } = snapshot.context;
  const betting = snapshot.hasTag('betting');
  const phase = snapshot.matches('open')
    ? 'open'
    : snapshot.matches('lockingSoon')
      ? 'locking-soon'
      : snapshot.matches('locked')
        ? 'locked'
        : snapshot.hasTag('drawing')
          ? 'drawing'
          : snapshot.matches('result')
            ? 'result'
            : 'cancelled';
  const timed = phase === 'open' || phase === 'locking-soon' || phase === 'locked';

  return (
    <>
      <section
        className={`pg-card lot-draw lot-draw--${phase}`}
        aria-labelledby="lot-draw-title"
        data-testid={`draw-${phase}`}
      >
        <h2 id="lot-draw-title">
          {t('draw.title')} <span className="lot-numero">{shortNumero(numero)}</span>
        </h2>
        <p className="lot-draw__phase" role="status" aria-live="polite">
          {t(`draw.phase.${phase}`)}
        </p>
        {timed && (
          <p className="lot-draw__timer">
            <span className="pg-muted">
              {phase === 'locked' ? t('draw.untilDraw') : t('draw.untilClose')}
            </span>{' '}
            <span role="timer" className="lot-timer lot-timer--big" data-testid="draw-timer">
              {remain(secondsLeft * 1000)}
            </span>
          </p>
        )}
        {phase === 'drawing' && <span className="pg-spinner" aria-hidden="true" />}
        {phase === 'result' && numbers && (
          <p className="lot-draw__result">
            <span className="pg-muted">{t('draw.special')}</span>{' '}
            <strong className="lot-special" data-testid="draw-special">
              {numbers[0]}
            </strong>
          </p>
        )}
      </section>
      <BetSlip
        game={game}
        numero={numero}
        open={betting}
        onPlaced={onBetsPlaced}
        testId="lottery-slip"
      />
    </>
  );
}
