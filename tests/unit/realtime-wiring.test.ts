import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { realtimePath } from '../../src/contract/realtime.ts';
import type { MemberInfo } from '../../src/contract/identity.ts';
import { sessionMachine } from '../../src/machines/session.machine.ts';
import { wireRealtime, type RealtimeWiringDeps } from '../../src/app/realtime-wiring.ts';
import { depositArrived, playerMember } from '../../models/session.model.ts';

/** A bare socket.io server speaking the contract; tokens it accepts, sockets it holds. */
let server: Server;
let url = '';
const liveTokens = new Set<string>();
const sockets = new Map<string, Socket>();

beforeAll(async () => {
  // The wiring imports the client at the first login; loaded here, its transform is not counted
  // in the first test's waits.
  await import('../../src/realtime/realtime-client.ts');
  const http = createServer();
  server = new Server(http, { path: realtimePath });
  server.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: string }).token ?? '';
    next(liveTokens.has(token) ? undefined : new Error('not_logged_in'));
  });
  server.on('connection', (socket) => {
    sockets.set((socket.handshake.auth as { token: string }).token, socket);
    socket.emit('sync', { seq: 10 });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server.close();
});

function site(token: string, extra: Partial<RealtimeWiringDeps> = {}) {
  let stored: string | null = null;
  const session = createActor(
    sessionMachine.provide({
      actors: { loadMemberInfo: fromPromise<MemberInfo>(async () => playerMember) },
      actions: { clearSession: () => (stored = null) },
    }),
    { input: { token: null } },
  ).start();
  const loadBalance = vi.fn(async () => '990000');
  const loadUnread = vi.fn(async () => 4);
  const wiring = wireRealtime({
    session,
    getToken: () => stored,
    loadBalance,
    loadUnread,
    url,
    ...extra,
  });
  const login = (cpw = false) => {
    stored = token;
    session.send({ type: 'app.loggedIn', token, member: playerMember, cpw });
  };
  return { session, wiring, login, loadBalance, loadUnread };
}

const connectedTo = async (token: string) => {
  await vi.waitFor(() => expect(sockets.get(token)?.connected).toBe(true));
  return sockets.get(token) as Socket;
};

describe('wireRealtime', () => {
  it('opens the channel at login, resyncs over HTTP, and feeds events into the session', async () => {
    liveTokens.add('tok-a');
    const { session, wiring, login, loadBalance, loadUnread } = site('tok-a');
    expect(wiring.connection()).toBeNull();
    login();
    const socket = await connectedTo('tok-a');
    await waitFor(session, (s) => s.context.balance === '990000' && s.context.unread === 4);
    expect(loadBalance).toHaveBeenCalledTimes(1);
    expect(loadUnread).toHaveBeenCalledTimes(1);

    socket.emit('balance', { balance: '1000', seq: 11 });
    socket.emit('notification', { ...depositArrived, seq: 12 });
    socket.emit('balance', { balance: '5', seq: 11 });
    socket.emit('unread', { count: 5, seq: 13 });
    const snapshot = await waitFor(session, (s) => s.context.unread === 5);
    expect(snapshot.context.balance).toBe('1000');
    expect(snapshot.context.notifications.map((n) => n.id)).toEqual([depositArrived.id]);
    expect(wiring.connection()?.getSnapshot().value).toBe('connected');

    // A gap: delivered, and the figures are read again.
    socket.emit('balance', { balance: '2000', seq: 20 });
    await vi.waitFor(() => expect(loadBalance).toHaveBeenCalledTimes(2));

    session.send({ type: 'app.loggedOut' });
    expect(wiring.connection()).toBeNull();
    await vi.waitFor(() => expect(socket.connected).toBe(false));
    wiring.stop();
  });

  it('a session that must change its password opens the channel only after the change', async () => {
    liveTokens.add('tok-b');
    const { session, wiring, login, loadBalance, loadUnread } = site('tok-b');
    login(true);
    expect(wiring.connection()).toBeNull();
    expect(loadBalance).not.toHaveBeenCalled();
    session.send({ type: 'app.passwordChanged' });
    await connectedTo('tok-b');
    await vi.waitFor(() => expect(loadBalance).toHaveBeenCalledTimes(1));
    expect(loadUnread).toHaveBeenCalledTimes(1);
    session.send({ type: 'app.loggedOut' });
    wiring.stop();
  });

  it('a token the server refuses ends the local session', async () => {
    const { session, wiring, login } = site('tok-gone');
    login();
    await waitFor(session, (s) => s.matches('visitor'));
    expect(session.getSnapshot().context.hasToken).toBe(false);
    expect(wiring.connection()).toBeNull();
    wiring.stop();
  });

  it("hands lottery draws (no seq) and the member's settled bets (seq checked) to the lottery pages", async () => {
    liveTokens.add('tok-lot');
    const news: { name: string; payload: unknown }[] = [];
    const { session, wiring, login } = site('tok-lot', {
      onLotteryEvent: (event) => news.push(event),
    });
    login();
    const socket = await connectedTo('tok-lot');
    await waitFor(session, (s) => s.context.balance === '990000');
    const draw = {
      gameId: 'VN_FAST_1',
      numero: '202611260815',
      state: 'drawn',
      seedHash: 'a'.repeat(64),
      seed: 'b'.repeat(64),
      numbers: ['12345'],
      revision: 0,
      at: '2026-11-26T08:15:00.000Z',
    };
    const bet = {
      betId: '7',
      gameId: 'VN_FAST_1',
      numero: '202611260815',
      state: 'won',
      winAmount: '8000',
    };
    socket.emit('lotteryDraw', draw);
    socket.emit('lotteryBet', { ...bet, seq: 11 });
    // Already taken in: dropped. A draw event is never counted against the sequence.
    socket.emit('lotteryBet', { ...bet, seq: 11 });
    socket.emit('lotteryDraw', { ...draw, state: 'settled' });
    socket.emit('lotteryDraw', { ...draw, state: 'nonsense' });
    socket.emit('lotteryBet', { ...bet, betId: '8', seq: 12 });
    await vi.waitFor(() => expect(news).toHaveLength(4));
    expect(news).toEqual([
      { name: 'lotteryDraw', payload: draw },
      { name: 'lotteryBet', payload: { ...bet, seq: 11 } },
      { name: 'lotteryDraw', payload: { ...draw, state: 'settled' } },
      { name: 'lotteryBet', payload: { ...bet, betId: '8', seq: 12 } },
    ]);
    wiring.stop();
  });
  it('feeds badges events to the red badges, and reads the counts again when a mission moves', async () => {
    liveTokens.add('tok-badge');
    const shown: unknown[] = [];
    const missionNews: number[] = [];
    let serverCounts = { availablePromoCount: 1, rewardCenter: 1, missionLeaderboard: 0 };
    const loadBadges = vi.fn(async () => serverCounts);
    const { wiring, login } = site('tok-badge', {
      onBadges: (counts) => shown.push(counts),
      loadBadges,
      onMissionEvent: () => missionNews.push(1),
    });
    login();
    const socket = await connectedTo('tok-badge');
    // The resync at connection reads the counts once.
    await vi.waitFor(() => expect(shown).toEqual([serverCounts]));
    const pushed = { availablePromoCount: 0, rewardCenter: 2, missionLeaderboard: 2 };
    socket.emit('badges', { ...pushed, seq: 11 });
    await vi.waitFor(() => expect(shown).toHaveLength(2));
    expect(shown[1]).toEqual({ ...pushed, seq: 11 });
    serverCounts = { availablePromoCount: 0, rewardCenter: 3, missionLeaderboard: 3 };
    socket.emit('mission', { claimableCount: 3, completedCount: 3, seq: 12 });
    await vi.waitFor(() => expect(shown).toHaveLength(3));
    expect(shown[2]).toEqual(serverCounts);
    expect(missionNews).toEqual([1]);
    wiring.stop();
  });
  it('tells the loyalty screens of each points event, and of no other event; the badges follow', async () => {
    liveTokens.add('tok-points');
    const pointsNews: number[] = [];
    const missionNews: number[] = [];
    const shown: unknown[] = [];
    const serverCounts = { availablePromoCount: 0, rewardCenter: 1, missionLeaderboard: 0 };
    const { wiring, login } = site('tok-points', {
      onPointsEvent: () => pointsNews.push(1),
      onMissionEvent: () => missionNews.push(1),
      onBadges: (counts) => shown.push(counts),
      loadBadges: async () => serverCounts,
    });
    login();
    const socket = await connectedTo('tok-points');
    // The resync at connection reads the counts once.
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    socket.emit('points', { points: '120', seq: 11 });
    // The count that added points added rebate: the counts are read again.
    await vi.waitFor(() => expect(shown).toHaveLength(2));
    socket.emit('mission', { claimableCount: 1, completedCount: 1, seq: 12 });
    // The mission event is handled after the points event: by then each has been heard once.
    await vi.waitFor(() => expect(missionNews).toEqual([1]));
    expect(pointsNews).toEqual([1]);
    wiring.stop();
  });
});
