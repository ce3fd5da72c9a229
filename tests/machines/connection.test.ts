import { describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import {
  connectionMachine,
  type ConnectionCommand,
  type ResyncReason,
  type SequencedEvent,
} from '../../src/machines/connection.machine.ts';
import { balanceEvent, notificationEvent, unreadEvent } from '../../models/connection.model.ts';
import { driveMachine, paramsOf } from '../support/machine-driver.ts';

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
  const driver = driveMachine(connectionMachine, {
    provide: { actions: effects, actors: { watchConnection } },
  });
  return { ...driver, effects, commands };
}

describe('connectionMachine', () => {
  it('connects, resyncs once, then delivers events that follow by one', () => {
    const { effects, send, expectState, expectContext } = start();
    expectState('connecting');
    send({ type: 'socket.synced', seq: 4 });
    expectState('connected');
    expect(paramsOf(effects.resync)).toEqual([{ reason: 'connected' }]);
    send({ type: 'socket.event', event: balanceEvent(5, '900') });
    send({ type: 'socket.event', event: unreadEvent(6, 1) });
    expect(paramsOf(effects.deliver)).toEqual([
      { event: balanceEvent(5, '900') },
      { event: unreadEvent(6, 1) },
    ]);
    expect(effects.resync).toHaveBeenCalledTimes(1);
    expectContext({ lastSeq: 6 });
  });

  it('a gap delivers the event and asks for a resync', () => {
    const { effects, send } = start();
    send({ type: 'socket.synced', seq: 0 });
    send({ type: 'socket.event', event: balanceEvent(1) });
    send({ type: 'socket.event', event: notificationEvent(3) });
    expect(paramsOf(effects.resync)).toEqual([{ reason: 'connected' }, { reason: 'gap' }]);
    expect(paramsOf(effects.deliver).map((p) => p.event.payload.seq)).toEqual([1, 3]);
  });

  it('drops an event already taken in (duplicate or out of order), never delivering an older figure', () => {
    const { effects, send, expectContext } = start();
    send({ type: 'socket.synced', seq: 0 });
    send({ type: 'socket.event', event: balanceEvent(2, '700') });
    send({ type: 'socket.event', event: balanceEvent(1, '500') });
    send({ type: 'socket.event', event: balanceEvent(2, '700') });
    expect(paramsOf(effects.deliver)).toEqual([{ event: balanceEvent(2, '700') }]);
    expect(effects.dropEvent).toHaveBeenCalledTimes(2);
    expectContext({ lastSeq: 2 });
  });

  it('every reconnect takes the new number and resyncs again', () => {
    const { effects, send, expectState } = start();
    send({ type: 'socket.synced', seq: 1 });
    send({ type: 'socket.disconnected' });
    expectState('reconnecting');
    send({ type: 'socket.event', event: balanceEvent(2) });
    expect(effects.deliver).not.toHaveBeenCalled();
    send({ type: 'socket.synced', seq: 7 });
    expectState('connected');
    expect(paramsOf(effects.resync)).toEqual([{ reason: 'connected' }, { reason: 'reconnected' }]);
    send({ type: 'socket.event', event: unreadEvent(8) });
    expect(effects.resync).toHaveBeenCalledTimes(2);
  });

  it('offline until the browser is back or the player retries; then the actor is told to reconnect', () => {
    const { commands, send, expectState } = start();
    send({ type: 'socket.synced', seq: 0 });
    send({ type: 'app.offline' });
    expectState('offline');
    send({ type: 'app.online' });
    expectState('reconnecting');
    send({ type: 'socket.reconnectFailed' });
    expectState('offline');
    send({ type: 'user.retry' });
    expect(commands).toEqual([{ type: 'reconnect' }, { type: 'reconnect' }]);
  });

  it('a refused token ends the channel and is reported once', () => {
    const { effects, send, expectState, expectContext } = start();
    send({ type: 'socket.refused', code: 'session_expired' });
    expectState('refused');
    expectContext({ refusal: 'session_expired' });
    expect(paramsOf(effects.reportRefused)).toEqual([{ code: 'session_expired' }]);
    send({ type: 'app.online' });
    send({ type: 'socket.synced', seq: 0 });
    expectState('refused');
  });
});
