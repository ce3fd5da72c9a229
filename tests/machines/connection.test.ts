import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  connectionMachine,
  type ConnectionCommand,
  type ResyncReason,
  type SequencedEvent,
} from '../../src/machines/connection.machine.ts';
import { balanceEvent, notificationEvent, unreadEvent } from '../../models/connection.model.ts';

function start() {
  const commands: ConnectionCommand[] = [];
  const effects = {
    resync: vi.fn((_: unknown, _params: { reason: ResyncReason }) => {}),
    deliver: vi.fn((_: unknown, _params: { event: SequencedEvent }) => {}),
    dropEvent: vi.fn((_: unknown, _params: { event: SequencedEvent }) => {}),
    reportRefused: vi.fn((_: unknown, _params: { code: string }) => {}),
  };
  const watchConnection = fromCallback<ConnectionCommand>(({ receive }) => {
    receive((command) => commands.push(command));
  });
  const actor = createActor(
    connectionMachine.provide({ actions: effects, actors: { watchConnection } }),
  ).start();
  const params = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((call) => call[1]);
  return { actor, effects, commands, params };
}

describe('connectionMachine', () => {
  it('connects, resyncs once, then delivers events that follow by one', () => {
    const { actor, effects, params } = start();
    expect(actor.getSnapshot().value).toBe('connecting');
    actor.send({ type: 'socket.synced', seq: 4 });
    expect(actor.getSnapshot().value).toBe('connected');
    expect(params(effects.resync)).toEqual([{ reason: 'connected' }]);
    actor.send({ type: 'socket.event', event: balanceEvent(5, '900') });
    actor.send({ type: 'socket.event', event: unreadEvent(6, 1) });
    expect(params(effects.deliver)).toEqual([
      { event: balanceEvent(5, '900') },
      { event: unreadEvent(6, 1) },
    ]);
    expect(effects.resync).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.lastSeq).toBe(6);
  });

  it('a gap delivers the event and asks for a resync', () => {
    const { actor, effects, params } = start();
    actor.send({ type: 'socket.synced', seq: 0 });
    actor.send({ type: 'socket.event', event: balanceEvent(1) });
    actor.send({ type: 'socket.event', event: notificationEvent(3) });
    expect(params(effects.resync)).toEqual([{ reason: 'connected' }, { reason: 'gap' }]);
    expect(
      params(effects.deliver).map((p) => (p as { event: SequencedEvent }).event.payload.seq),
    ).toEqual([1, 3]);
  });

  it('drops an event already taken in (duplicate or out of order), never delivering an older figure', () => {
    const { actor, effects, params } = start();
    actor.send({ type: 'socket.synced', seq: 0 });
    actor.send({ type: 'socket.event', event: balanceEvent(2, '700') });
    actor.send({ type: 'socket.event', event: balanceEvent(1, '500') });
    actor.send({ type: 'socket.event', event: balanceEvent(2, '700') });
    expect(params(effects.deliver)).toEqual([{ event: balanceEvent(2, '700') }]);
    expect(effects.dropEvent).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.lastSeq).toBe(2);
  });

  it('every reconnect takes the new number and resyncs again', () => {
    const { actor, effects, params } = start();
    actor.send({ type: 'socket.synced', seq: 1 });
    actor.send({ type: 'socket.disconnected' });
    expect(actor.getSnapshot().value).toBe('reconnecting');
    actor.send({ type: 'socket.event', event: balanceEvent(2) });
    expect(effects.deliver).not.toHaveBeenCalled();
    actor.send({ type: 'socket.synced', seq: 7 });
    expect(actor.getSnapshot().value).toBe('connected');
    expect(params(effects.resync)).toEqual([{ reason: 'connected' }, { reason: 'reconnected' }]);
    actor.send({ type: 'socket.event', event: unreadEvent(8) });
    expect(effects.resync).toHaveBeenCalledTimes(2);
  });

  it('offline until the browser is back or the player retries; then the actor is told to reconnect', () => {
    const { actor, commands } = start();
    actor.send({ type: 'socket.synced', seq: 0 });
    actor.send({ type: 'app.offline' });
    expect(actor.getSnapshot().value).toBe('offline');
    actor.send({ type: 'app.online' });
    expect(actor.getSnapshot().value).toBe('reconnecting');
    actor.send({ type: 'socket.reconnectFailed' });
    expect(actor.getSnapshot().value).toBe('offline');
    actor.send({ type: 'user.retry' });
    expect(commands).toEqual([{ type: 'reconnect' }, { type: 'reconnect' }]);
  });

  it('a refused token ends the channel and is reported once', () => {
    const { actor, effects, params } = start();
    actor.send({ type: 'socket.refused', code: 'session_expired' });
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.refusal).toBe('session_expired');
    expect(params(effects.reportRefused)).toEqual([{ code: 'session_expired' }]);
    actor.send({ type: 'app.online' });
    actor.send({ type: 'socket.synced', seq: 0 });
    expect(actor.getSnapshot().value).toBe('refused');
  });
});
