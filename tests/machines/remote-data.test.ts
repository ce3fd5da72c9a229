import { describe, expect, it } from 'vitest';
import { isEmptyData, remoteDataMachine } from '../../src/machines/remote-data.machine.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

function start(params: Record<string, string> = { type: 'B' }) {
  const driver = driveMachine(remoteDataMachine, {
    held: { load: heldPromise<unknown, { params: Record<string, string> }>() },
    input: { params },
  });
  return { ...driver, load: driver.held.load };
}

describe('remoteDataMachine', () => {
  it('loads with its params and shows the data', async () => {
    const { load, snapshot, context, expectState } = start();
    expect(snapshot().hasTag('busy')).toBe(true);
    expect(load.calls).toEqual([{ params: { type: 'B' } }]);
    await load.resolve([{ id: 1 }]);
    expectState('loaded');
    expect(context().data).toEqual([{ id: 1 }]);
  });

  it('new params while loading start a new load; the stale answer is dropped', async () => {
    const { load, send, context, expectState } = start();
    send({ type: 'app.paramsChanged', params: { type: 'PL' } });
    expect(load.calls).toEqual([{ params: { type: 'B' } }, { params: { type: 'PL' } }]);
    await load.resolve(['stale'], 0);
    expectState('loading');
    await load.resolve(['fresh'], 1);
    expect(context().data).toEqual(['fresh']);
  });

  it('a reload while loading starts the read again; the answer of the older read is dropped', async () => {
    // A live event (points counted) arriving while the previous event's read is in flight.
    const { load, send, context, expectState } = start();
    send({ type: 'user.reload' });
    expect(load.calls).toEqual([{ params: { type: 'B' } }, { params: { type: 'B' } }]);
    await load.resolve({ points: '120' }, 0);
    expectState('loading');
    await load.resolve({ points: '200' }, 1);
    expectState('loaded');
    expect(context().data).toEqual({ points: '200' });
  });

  it('a failure offers a retry that loads again', async () => {
    const { load, send, expectState } = start();
    await load.reject(new Error('offline'));
    expectState('failed');
    send({ type: 'user.retry' });
    expectState('loading');
    await load.resolve([]);
    expectState('empty');
  });

  it('tells empty data apart from data', () => {
    expect(isEmptyData(null)).toBe(true);
    expect(isEmptyData([])).toBe(true);
    expect(isEmptyData({ popup: [], promotion: [] })).toBe(true);
    expect(isEmptyData({ popup: [], promotion: [{ id: 1 }] })).toBe(false);
    expect(isEmptyData({ title: 'x' })).toBe(false);
    expect(isEmptyData([0])).toBe(false);
  });
});
