import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { isEmptyData, remoteDataMachine } from '../../src/machines/remote-data.machine.ts';
import { heldPromise } from '../support/model-actors.ts';

function start(params: Record<string, string> = { type: 'B' }) {
  const load = heldPromise<unknown, { params: Record<string, string> }>();
  const actor = createActor(remoteDataMachine.provide({ actors: { load: load.logic } }), {
    input: { params },
  }).start();
  return { actor, load };
}

describe('remoteDataMachine', () => {
  it('loads with its params and shows the data', async () => {
    const { actor, load } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(load.calls).toEqual([{ params: { type: 'B' } }]);
    await load.resolve([{ id: 1 }]);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.data).toEqual([{ id: 1 }]);
  });

  it('new params while loading start a new load; the stale answer is dropped', async () => {
    const { actor, load } = start();
    actor.send({ type: 'app.paramsChanged', params: { type: 'PL' } });
    expect(load.calls).toEqual([{ params: { type: 'B' } }, { params: { type: 'PL' } }]);
    await load.resolve(['stale'], 0);
    expect(actor.getSnapshot().value).toBe('loading');
    await load.resolve(['fresh'], 1);
    expect(actor.getSnapshot().context.data).toEqual(['fresh']);
  });

  it('a failure offers a retry that loads again', async () => {
    const { actor, load } = start();
    await load.reject(new Error('offline'));
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    await load.resolve([]);
    expect(actor.getSnapshot().value).toBe('empty');
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
