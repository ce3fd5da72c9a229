import { assign, fromPromise, setup } from 'xstate';
import type { Permission, SystemStatus } from '../contract/system.ts';
import { constants } from '../contract/constants.ts';

export type SystemStatusContext = {
  host: string;
  status: SystemStatus | null;
  permission: Permission | null;
  /**
   * Why the start-up failed: the network, the 120 s page-load time-out, the server's domain
   * check (the bootstrap call refused this host: domain_check_failed), or the visitor's call
   * limit (too_many_requests: a reload does not help for a minute, the network is fine).
   */
  failure: StartupFailure | null;
};

export type StartupFailure = 'network' | 'timeout' | 'domain' | 'busy';

const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/** The server's answer to a bootstrap call for a host that is not the site's (spec section 8). */
export function isDomainRefusal(error: unknown): boolean {
  return codeOf(error) === 'domain_check_failed';
}

/** What a failed start-up call says to the visitor. */
function failureOf(error: unknown): StartupFailure {
  if (isDomainRefusal(error)) return 'domain';
  return codeOf(error) === 'too_many_requests' ? 'busy' : 'network';
}

export type SystemStatusEvent = { type: 'user.retry' } | { type: 'server.statusChanged' };

/**
 * Start-up: read the system status, then the site's permission/bootstrap payload.
 * Maintenance (1) wins over region restriction (2); both end the start-up on their page.
 */
export const systemStatusMachine = setup({
  types: {
    context: {} as SystemStatusContext,
    events: {} as SystemStatusEvent,
    input: {} as { host: string },
  },
  actors: {
    loadStatus: fromPromise<SystemStatus>(async () => {
      throw new Error('loadStatus is supplied by the app');
    }),
    loadPermission: fromPromise<Permission, { host: string }>(async () => {
      throw new Error('loadPermission is supplied by the app');
    }),
  },
  guards: {
    isMaintenance: (_, status: SystemStatus) => status.status === 1,
    isRegionRestricted: (_, status: SystemStatus) => status.status === 2,
  },
  delays: { pageLoadTimeout: constants.pageLoadTimeoutMs },
}).createMachine({
  id: 'systemStatus',
  context: ({ input }) => ({ host: input.host, status: null, permission: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      after: { pageLoadTimeout: { target: 'error', actions: assign({ failure: 'timeout' }) } },
      initial: 'status',
      states: {
        status: {
          invoke: {
            id: 'loadStatus',
            src: 'loadStatus',
            onDone: [
              {
                guard: { type: 'isMaintenance', params: ({ event }) => event.output },
                target: '#systemStatus.maintenance',
                actions: assign({ status: ({ event }) => event.output }),
              },
              {
                guard: { type: 'isRegionRestricted', params: ({ event }) => event.output },
                target: '#systemStatus.regionBlocked',
                actions: assign({ status: ({ event }) => event.output }),
              },
              { target: 'permission', actions: assign({ status: ({ event }) => event.output }) },
            ],
            onError: {
              target: '#systemStatus.error',
              actions: assign({ failure: ({ event }) => failureOf(event.error) }),
            },
          },
        },
        permission: {
          invoke: {
            id: 'loadPermission',
            src: 'loadPermission',
            input: ({ context }) => ({ host: context.host }),
            onDone: {
              target: '#systemStatus.normal',
              actions: assign({ permission: ({ event }) => event.output }),
            },
            onError: {
              target: '#systemStatus.error',
              actions: assign({
                failure: ({ event }) => failureOf(event.error),
              }),
            },
          },
        },
      },
    },
    normal: {
      // A status push (operator switched maintenance on) or a focus re-check reads it again.
      on: { 'server.statusChanged': 'loading' },
    },
    maintenance: { on: { 'user.retry': 'loading', 'server.statusChanged': 'loading' } },
    regionBlocked: { on: { 'user.retry': 'loading' } },
    error: { on: { 'user.retry': 'loading' } },
  },
});
