import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { constants } from '../../src/contract/constants.ts';
import type { Permission, SystemStatus } from '../../src/contract/system.ts';
import { permissionSchema } from '../../src/contract/system.ts';
import { systemStatusMachine } from '../../src/machines/system-status.machine.ts';
import { permissionFixture } from '../../models/system-status.model.ts';
import { heldPromise } from '../support/model-actors.ts';

function start() {
  const status = heldPromise<SystemStatus>();
  const permission = heldPromise<Permission, { host: string }>();
  const clock = new SimulatedClock();
  const actor = createActor(
    systemStatusMachine.provide({
      actors: { loadStatus: status.logic, loadPermission: permission.logic },
    }),
    { input: { host: 'demo.example.test' }, clock },
  ).start();
  return { actor, status, permission, clock };
}

const status = (code: 0 | 1 | 2): SystemStatus => ({
  status: code,
  endTime: code === 1 ? '2026-06-01T04:00:00.000Z' : null,
  ip: '198.51.100.23',
});

describe('systemStatusMachine', () => {
  it('uses a valid bootstrap payload in its model', () => {
    expect(permissionSchema.safeParse(permissionFixture).success).toBe(true);
  });

  it('maintenance wins: status 1 shows maintenance and skips the permission call', async () => {
    const { actor, status: load, permission } = start();
    await load.resolve(status(1));
    expect(actor.getSnapshot().value).toBe('maintenance');
    expect(actor.getSnapshot().context.status?.endTime).toBe('2026-06-01T04:00:00.000Z');
    expect(permission.calls).toEqual([]);
  });

  it('status 2 shows the region page with the visitor IP', async () => {
    const { actor, status: load } = start();
    await load.resolve(status(2));
    expect(actor.getSnapshot().value).toBe('regionBlocked');
    expect(actor.getSnapshot().context.status?.ip).toBe('198.51.100.23');
  });

  it('status 0 reads the permission for the current host, then shows the site', async () => {
    const { actor, status: load, permission } = start();
    await load.resolve(status(0));
    expect(actor.getSnapshot().matches({ loading: 'permission' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(permission.calls).toEqual([{ host: 'demo.example.test' }]);
    await permission.resolve(permissionFixture);
    expect(actor.getSnapshot().value).toBe('normal');
    expect(actor.getSnapshot().context.permission).toEqual(permissionFixture);
  });

  it('the page-load time-out ends a hanging start-up on the error page; retry starts over', async () => {
    const { actor, status: load, clock } = start();
    clock.increment(constants.pageLoadTimeoutMs);
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.failure).toBe('timeout');
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().matches({ loading: 'status' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeNull();
    expect(load.calls).toHaveLength(2);
  });

  it('a late answer after the time-out changes nothing', async () => {
    const { actor, status: load, clock } = start();
    clock.increment(constants.pageLoadTimeoutMs);
    await load.resolve(status(1), 0);
    expect(actor.getSnapshot().value).toBe('error');
  });

  it('no time-out once the site is shown', async () => {
    const { actor, status: load, permission, clock } = start();
    await load.resolve(status(0));
    await permission.resolve(permissionFixture);
    clock.increment(constants.pageLoadTimeoutMs * 2);
    expect(actor.getSnapshot().value).toBe('normal');
  });

  it('a network failure is told apart from the time-out', async () => {
    const { actor, status: load } = start();
    await load.reject(new Error('offline'));
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.failure).toBe('network');
  });

  it('a status push while the site is shown checks again and can show maintenance', async () => {
    const { actor, status: load, permission } = start();
    await load.resolve(status(0));
    await permission.resolve(permissionFixture);
    actor.send({ type: 'server.statusChanged' });
    await load.resolve(status(1));
    expect(actor.getSnapshot().value).toBe('maintenance');
  });

  it('ignores a retry while the site is shown', async () => {
    const { actor, status: load, permission } = start();
    await load.resolve(status(0));
    await permission.resolve(permissionFixture);
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toBe('normal');
    expect(load.calls).toHaveLength(1);
  });
});
