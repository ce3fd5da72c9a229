import { createActor, fromCallback, type Actor, type ActorRefFrom } from 'xstate';
import type {
  AgentLiveEvent,
  BadgesEvent,
  ContractEvent,
  LotteryBetEvent,
  LotteryDrawEvent,
  WageEvent,
} from '../contract/realtime.ts';
import {
  connectionMachine,
  type ConnectionCommand,
  type SequencedEvent,
} from '../machines/connection.machine.ts';
import type { sessionMachine } from '../machines/session.machine.ts';
import type { connectRealtime, SocketFactory } from '../realtime/realtime-client.ts';

/**
 * socket.io-client and rxjs come with the first login, not with the first page (a visitor never
 * opens the channel): the client module is imported when a member is in.
 */
const loadClient = async (): Promise<typeof connectRealtime> =>
  (await import('../realtime/realtime-client.ts')).connectRealtime;

/** Refusal codes meaning the token no longer opens a session (logged out, expired, disabled). */
const sessionEndedCodes: readonly string[] = ['not_logged_in', 'session_expired'];

export type RealtimeWiringDeps = {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The stored session token (session storage). */
  getToken: () => string | null;
  /** Reads sumBalance (integer minor units as a string) over HTTP, for the resync. */
  loadBalance?: () => Promise<string>;
  /** Reads the unread message count over HTTP (CSP_unreadCount), for the resync. */
  loadUnread?: () => Promise<number>;
  /** The red badges' counts (reward center, missions): each `badges` event, and on resync. */
  onBadges?: (counts: Omit<BadgesEvent, 'seq'>) => void;
  /** Reads the badge counts over HTTP (the public state), for the resync. */
  loadBadges?: () => Promise<Omit<BadgesEvent, 'seq'>>;
  /**
   * Agent pages listen here for wage, contract and live-view events, and for the channel going
   * down (`channel` false) and coming back after its resync (`channel` true).
   */
  onAgentEvent?: (
    event:
      | { name: 'wage'; payload: WageEvent }
      | { name: 'contract'; payload: ContractEvent }
      | { name: 'agentLive'; payload: AgentLiveEvent }
      | { name: 'channel'; payload: { connected: boolean } },
  ) => void;
  /** Lottery pages listen here: draw news (broadcast) and the member's settled bets. */
  onLotteryEvent?: (
    event:
      | { name: 'lotteryDraw'; payload: LotteryDrawEvent }
      | { name: 'lotteryBet'; payload: LotteryBetEvent },
  ) => void;
  /** The mission page listens here: the member's mission figures moved. */
  onMissionEvent?: () => void;
  /** The member's points moved (the loyalty count, a redemption): loyalty screens read again. */
  onPointsEvent?: () => void;
  /** The page's window, for online/offline; none outside a browser. */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Server URL (default: the page's origin) and socket factory (tests). */
  url?: string;
  createSocket?: SocketFactory;
};

export type RealtimeWiring = {
  /** The running connection actor while a member is logged in (for the UI's notices). */
  connection(): Actor<typeof connectionMachine> | null;
  stop(): void;
};

/**
 * Keeps the real-time channel open while the session machine is in `member` with a token:
 * socket signals go into a connection machine, delivered events into the session machine
 * (`realtime.balance`, `realtime.unread`, `realtime.notification`), and every (re)connect or
 * sequence gap re-reads balance and unread count over HTTP. A token the server refuses ends the
 * local session (`app.loggedOut`).
 */
export function wireRealtime(deps: RealtimeWiringDeps): RealtimeWiring {
  let current: { actor: Actor<typeof connectionMachine>; token: string } | null = null;
  /** The token whose connection waits for the client module; null when none does. */
  let pending: string | null = null;

  /** The red badges from the server's counts (a failed read keeps those shown). */
  const rereadBadges = () => {
    deps.loadBadges?.().then(
      (counts) => deps.onBadges?.(counts),
      () => {},
    );
  };

  const deliver = (event: SequencedEvent) => {
    switch (event.name) {
      case 'balance':
        deps.session.send({ type: 'realtime.balance', balance: event.payload.balance });
        break;
      case 'unread':
        deps.session.send({ type: 'realtime.unread', count: event.payload.count });
        break;
      case 'notification':
        deps.session.send({ type: 'realtime.notification', notification: event.payload });
        break;
      case 'wage':
        deps.onAgentEvent?.({ name: 'wage', payload: event.payload });
        break;
      case 'contract':
        deps.onAgentEvent?.({ name: 'contract', payload: event.payload });
        break;
      case 'agentLive':
        deps.onAgentEvent?.({ name: 'agentLive', payload: event.payload });
        break;
      case 'lotteryBet':
        deps.onLotteryEvent?.({ name: 'lotteryBet', payload: event.payload });
        break;
      case 'badges':
        deps.onBadges?.(event.payload);
        break;
      case 'mission':
        deps.onMissionEvent?.();
        // A mission became claimable (or was claimed): the badges follow the server's counts.
        rereadBadges();
        break;
      case 'points':
        deps.onPointsEvent?.();
        // The count that added points added rebate too: the reward center's count follows.
        rereadBadges();
        break;
    }
  };

  const resync = () => {
    // A failed read keeps the figure shown; the next reconnect or gap reads again.
    deps.loadBalance?.().then(
      (balance) => deps.session.send({ type: 'realtime.balance', balance }),
      () => {},
    );
    deps.loadUnread?.().then(
      (count) => deps.session.send({ type: 'realtime.unread', count }),
      () => {},
    );
    rereadBadges();
    deps.onAgentEvent?.({ name: 'channel', payload: { connected: true } });
  };

  const online = () => current?.actor.send({ type: 'app.online' });
  const offline = () => current?.actor.send({ type: 'app.offline' });

  function start(connect: typeof connectRealtime, token: string) {
    const connection = connect(
      { token, ...(deps.url === undefined ? {} : { url: deps.url }) },
      deps.createSocket,
    );
    const actor = createActor(
      connectionMachine.provide({
        actors: {
          watchConnection: fromCallback<ConnectionCommand>(({ sendBack, receive }) => {
            const subscription = connection.signals$.subscribe((signal) => {
              // A broadcast has no sequence number: past the connection machine, straight out.
              if (signal.type === 'socket.broadcast') deps.onLotteryEvent?.(signal.event);
              else sendBack(signal);
              if (signal.type === 'socket.disconnected') {
                deps.onAgentEvent?.({ name: 'channel', payload: { connected: false } });
              }
            });
            receive((command) => {
              if (command.type === 'reconnect') connection.reconnect();
            });
            return () => subscription.unsubscribe();
          }),
        },
        actions: {
          deliver: (_, { event }) => deliver(event),
          resync: () => resync(),
          reportRefused: (_, { code }) => {
            if (sessionEndedCodes.includes(code)) deps.session.send({ type: 'app.loggedOut' });
          },
        },
      }),
    );
    current = { actor, token };
    actor.start();
  }

  function stopConnection() {
    pending = null;
    current?.actor.stop();
    current = null;
  }

  let stopped = false;
  const follow = () => {
    const token = deps.getToken();
    const isMember = deps.session.getSnapshot().matches('member') && token !== null;
    if (!isMember) stopConnection();
    else if (current?.token !== token && pending !== token) {
      stopConnection();
      pending = token;
      loadClient().then(
        (connect) => {
          // Logged out, another token, or stopped while the module loaded: nothing to open.
          if (stopped || pending !== token) return;
          pending = null;
          start(connect, token);
        },
        () => {
          // The module could not load (network): the next session change tries again.
          if (pending === token) pending = null;
        },
      );
    }
  };

  const subscription = deps.session.subscribe(follow);
  deps.window?.addEventListener('online', online);
  deps.window?.addEventListener('offline', offline);
  follow();

  return {
    connection: () => current?.actor ?? null,
    stop() {
      stopped = true;
      subscription.unsubscribe();
      deps.window?.removeEventListener('online', online);
      deps.window?.removeEventListener('offline', offline);
      stopConnection();
    },
  };
}
