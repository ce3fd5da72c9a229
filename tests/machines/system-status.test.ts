import { describe, expect, it } from 'vitest';
import { constants } from '../../src/contract/constants.ts';
import type { Permission, SystemStatus } from '../../src/contract/system.ts';
import { permissionSchema } from '../../src/contract/system.ts';
import { systemStatusMachine } from '../../src/machines/system-status.machine.ts';
import { permissionFixture } from '../../models/system-status.model.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

function start() {
  const driver = driveMachine(systemStatusMachine, {
    held: {
      loadStatus: heldPromise<SystemStatus>(),
      loadPermission: heldPromise<Permission, { host: string }>(),
    },
    input: { host: 'demo.example.test' },
  });
  return { ...driver, load: driver.held.loadStatus, permission: driver.held.loadPermission };
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
    const { load, permission, expectState, expectContext } = start();
    await load.resolve(status(1));
    expectState('maintenance');
    expectContext({ status: { endTime: '2026-06-01T04:00:00.000Z' } });
    expect(permission.calls).toEqual([]);
  });

  it('status 2 shows the region page with the visitor IP', async () => {
    const { load, expectState, expectContext } = start();
    await load.resolve(status(2));
    expectState('regionBlocked');
    expectContext({ status: { ip: '198.51.100.23' } });
  });

  it('status 0 reads the permission for the current host, then shows the site', async () => {
    const { load, permission, expectToBeIn, expectState, context, snapshot } = start();
    await load.resolve(status(0));
    expectToBeIn({ loading: 'permission' });
    expect(snapshot().hasTag('busy')).toBe(true);
    expect(permission.calls).toEqual([{ host: 'demo.example.test' }]);
    await permission.resolve(permissionFixture);
    expectState('normal');
    expect(context().permission).toEqual(permissionFixture);
  });

  it('the page-load time-out ends a hanging start-up on the error page; retry starts over', () => {
    const { load, send, tick, expectState, expectToBeIn, expectContext } = start();
    tick(constants.pageLoadTimeoutMs);
    expectState('error');
    expectContext({ failure: 'timeout' });
    send({ type: 'user.retry' });
    expectToBeIn({ loading: 'status' });
    expectContext({ failure: null });
    expect(load.calls).toHaveLength(2);
  });

  it('a late answer after the time-out changes nothing', async () => {
    const { load, tick, expectState } = start();
    tick(constants.pageLoadTimeoutMs);
    await load.resolve(status(1), 0);
    expectState('error');
  });

  it('no time-out once the site is shown', async () => {
    const { load, permission, tick, expectState } = start();
    await load.resolve(status(0));
    await permission.resolve(permissionFixture);
    tick(constants.pageLoadTimeoutMs * 2);
    expectState('normal');
  });

  it('a network failure is told apart from the time-out', async () => {
    const { load, expectState, expectContext } = start();
    await load.reject(new Error('offline'));
    expectState('error');
    expectContext({ failure: 'network' });
  });

  it('a bootstrap refused for this host (domain_check_failed) says so, not "network"', async () => {
    const { load, permission, send, expectState, expectContext } = start();
    await load.resolve(status(0));
    await permission.reject(
      Object.assign(new Error('Invalid URL or domain check failed.'), {
        code: 'domain_check_failed',
      }),
    );
    expectState('error');
    expectContext({ failure: 'domain' });
    send({ type: 'user.retry' });
    await load.resolve(status(0));
    await permission.reject(new Error('offline'));
    expectContext({ failure: 'network' });
  });

  it("a call refused by the visitor's limit (too_many_requests) says so, on either call", async () => {
    const { load, permission, send, expectState, expectContext } = start();
    const refused = () =>
      Object.assign(new Error('Too many requests, please try again shortly.'), {
        code: 'too_many_requests',
      });
    await load.reject(refused());
    expectState('error');
    expectContext({ failure: 'busy' });
    send({ type: 'user.retry' });
    await load.resolve(status(0));
    await permission.reject(refused());
    expectContext({ failure: 'busy' });
  });

  it('a status push while the site is shown checks again and can show maintenance', async () => {
    const { load, permission, send, expectState } = start();
    await load.resolve(status(0));
    await permission.resolve(permissionFixture);
    send({ type: 'server.statusChanged' });
    await load.resolve(status(1));
    expectState('maintenance');
  });

  it('ignores a retry while the site is shown', async () => {
    const { load, permission, send, expectState } = start();
    await load.resolve(status(0));
    await permission.resolve(permissionFixture);
    send({ type: 'user.retry' });
    expectState('normal');
    expect(load.calls).toHaveLength(1);
  });
});
