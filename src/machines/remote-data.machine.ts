import { assign, fromPromise, setup } from 'xstate';

export type RemoteDataContext = {
  params: Record<string, string>;
  /** The loaded value; its type is the one the app's `load` returns for this resource. */
  data: unknown;
};

export type RemoteDataEvent =
  | { type: 'user.retry' }
  | { type: 'user.reload' }
  | { type: 'app.paramsChanged'; params: Record<string, string> };

/**
 * Loads one remote resource (help center, notices, banners, vendors...) with loading, empty,
 * loaded and failed states. The app supplies `load`; the UI only selects and sends.
 */
export const remoteDataMachine = setup({
  types: {
    context: {} as RemoteDataContext,
    events: {} as RemoteDataEvent,
    input: {} as { params?: Record<string, string> },
  },
  actors: {
    load: fromPromise<unknown, { params: Record<string, string> }>(async () => {
      throw new Error('load is supplied by the app');
    }),
  },
  guards: {
    /** Empty means no data to show: null, an empty list, or an object whose lists are all empty. */
    isEmpty: (_, params: { output: unknown }) => isEmptyData(params.output),
  },
}).createMachine({
  id: 'remoteData',
  context: ({ input }) => ({ params: input.params ?? {}, data: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      // Read again from the start: the read in flight may have begun before the change that
      // asks for it (a live event arriving during a read), and would show the data before it.
      on: { 'user.reload': { target: 'loading', reenter: true } },
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ params: context.params }),
        onDone: [
          {
            guard: { type: 'isEmpty', params: ({ event }) => ({ output: event.output }) },
            target: 'empty',
            actions: assign({ data: ({ event }) => event.output }),
          },
          { target: 'loaded', actions: assign({ data: ({ event }) => event.output }) },
        ],
        onError: 'failed',
      },
    },
    loaded: { on: { 'user.reload': 'loading' } },
    empty: { on: { 'user.reload': 'loading' } },
    failed: { on: { 'user.retry': 'loading' } },
  },
  on: {
    'app.paramsChanged': {
      target: '.loading',
      actions: assign({ params: ({ event }) => event.params }),
    },
  },
});

export function isEmptyData(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    const lists = Object.values(value).filter(Array.isArray);
    return lists.length > 0 && lists.every((list) => list.length === 0);
  }
  return false;
}
