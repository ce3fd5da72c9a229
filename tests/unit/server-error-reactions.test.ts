import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createActor, fromPromise, waitFor } from 'xstate';
import { z } from 'zod';
import { ApiError, createHttpClient } from '../../src/services/http-client.ts';
import { systemStatusMachine } from '../../src/machines/system-status.machine.ts';
import { reactToServerError } from '../../src/app/server-error-reactions.ts';
import type { Permission, SystemStatus } from '../../src/contract/system.ts';

const BASE = 'http://site.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/**
 * A logged-in player acts while the operator switches maintenance on: the server refuses the
 * call with 503 system_maintenance. The player sees the server's message in their language (not
 * "check your connection"), and the app re-reads the system status, so the maintenance page
 * replaces the screen.
 */
describe('a call refused for maintenance', () => {
  it("is the server's translated refusal, and the site moves to its maintenance page", async () => {
    let status: SystemStatus = { status: 0, endTime: null, ip: '203.0.113.9' };
    const site = createActor(
      systemStatusMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => status),
          loadPermission: fromPromise(async () => ({}) as Permission),
        },
      }),
      { input: { host: 'site.test' } },
    ).start();
    await waitFor(site, (s) => s.matches('normal'));

    const openChangePassword = vi.fn();
    const client = createHttpClient({
      baseUrl: BASE,
      getToken: () => 'member-token',
      getLanguage: () => 'hi',
      describe: (code) => `client text for ${code}`,
      onServerError: (error) =>
        reactToServerError(error, {
          openChangePassword,
          statusChanged: () => site.send({ type: 'server.statusChanged' }),
        }),
    });
    server.use(
      http.post(`${BASE}/lgw/vn/bets`, () =>
        HttpResponse.json(
          { success: false, code: 'system_maintenance', message: 'सिस्टम रखरखाव में है।' },
          { status: 503 },
        ),
      ),
    );
    status = { status: 1, endTime: '2030-01-01T10:00:00.000Z', ip: '203.0.113.9' };

    const error = await client.post('/lgw/vn/bets', z.unknown(), { body: {} }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'server',
      code: 'system_maintenance',
      status: 503,
      message: 'सिस्टम रखरखाव में है।',
    });
    await waitFor(site, (s) => s.matches('maintenance'));
    expect(site.getSnapshot().context.status?.endTime).toBe('2030-01-01T10:00:00.000Z');
    expect(openChangePassword).not.toHaveBeenCalled();
    site.stop();
  });

  it('leaves other refusals to the screen that made the call, the forced password change aside', () => {
    const targets = { openChangePassword: vi.fn(), statusChanged: vi.fn() };
    reactToServerError({ code: 'insufficient_balance' }, targets);
    reactToServerError({ code: 'system_error' }, targets);
    expect(targets.statusChanged).not.toHaveBeenCalled();
    reactToServerError({ code: 'password_change_required' }, targets);
    expect(targets.openChangePassword).toHaveBeenCalledOnce();
    expect(targets.statusChanged).not.toHaveBeenCalled();
  });
});
