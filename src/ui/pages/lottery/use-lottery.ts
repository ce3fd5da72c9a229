import { useCallback, useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { LotteryGame } from '../../../contract/lottery.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { useSession } from '../../identity/identity-flows.ts';
import { formatRemain, scheduleOf } from './lottery-logic.ts';

/** The member's username (null for a visitor), whether someone is logged in, the balance. */
export function useLotteryMember(): {
  signedIn: boolean;
  username: string | null;
  /** The wallet balance as the session keeps it live (minor units), null until read. */
  balance: string | null;
} {
  const session = useSession();
  const signedIn = useSelector(session, (s) => s.matches('member'));
  const username = useSelector(session, (s) => s.context.member?.account ?? null);
  const balance = useSelector(session, (s) => s.context.balance);
  return { signedIn, username, balance };
}

/** Time left as the timers show it, the days worded in the page's language ("6 d 12:02:50"). */
export function useRemainText(): (ms: number) => string {
  const { t } = useTranslation('lottery');
  return useCallback((ms: number) => formatRemain(ms, (count) => t('time.days', { count })), [t]);
}

/** When a game draws, in the page's language ("Every 1 min", "Mon, Sat at 2:45 pm"); or null. */
export function useScheduleText(): (
  game: Pick<LotteryGame, 'drawEveryMinutes' | 'drawDayOfWeek' | 'nextWinningTime'>,
) => string | null {
  const { t } = useTranslation('lottery');
  const { time } = useFormat();
  return useCallback(
    (game) => {
      const schedule = scheduleOf(game);
      if (schedule === null) return null;
      if (schedule.kind === 'every') return t('schedule.every', { count: schedule.minutes });
      if (schedule.kind === 'daily') return t('schedule.daily', { time: time(schedule.at) });
      return t('schedule.days', {
        days: schedule.days.map((day) => t(`days.${day}`)).join(', '),
        time: time(schedule.at),
      });
    },
    [t, time],
  );
}

/**
 * A steady one-second tick (monotonic clock): what the lobby's timers subtract from the
 * server's durations since they were read. Deadlines stay the server's; this only counts down.
 */
export function useTick(): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(performance.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export type Loaded<T> =
  | { status: 'idle' | 'loading'; data: T | null; error: null }
  | { status: 'done'; data: T; error: null }
  | { status: 'failed'; data: T | null; error: string };

/**
 * A read the page makes itself (result board, the member's bets, recent games): loads when
 * `key` changes or `reload()` is called, keeps what it showed while reloading, aborts a read
 * the page no longer needs. `load` null: nothing to read (a visitor's bets).
 */
export function useLoad<T>(
  key: string,
  load: ((signal: AbortSignal) => Promise<T>) | null,
): Loaded<T> & { reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ status: 'idle', data: null, error: null });
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  // Before the load below (effects run in order): the newest function, without reloading.
  useEffect(() => {
    loadRef.current = load;
  });
  const active = load !== null;
  useEffect(() => {
    const run = loadRef.current;
    if (!run) return;
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', data: previous.data, error: null }));
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'done', data, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        setState((previous) => ({ status: 'failed', data: previous.data, error: message }));
      },
    );
    return () => controller.abort();
  }, [key, round, active]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, reload };
}
