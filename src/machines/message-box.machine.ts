import { assign, fromPromise, setup } from 'xstate';
import type { MessagePage, PlatformMessage } from '../contract/messages.ts';

export type MessageBoxContext = {
  pageNo: number;
  page: MessagePage | null;
  /** The message open in the reader. */
  open: PlatformMessage | null;
  /** The error code of the last failed read, delete or read-all (the list stays). */
  error: string | null;
};

export type MessageBoxEvent =
  | { type: 'user.open'; messageId: number }
  | { type: 'user.close' }
  | { type: 'user.delete'; messageId: number }
  | { type: 'user.readAll' }
  | { type: 'user.page'; pageNo: number }
  | { type: 'user.retry' }
  | { type: 'user.reload' }
  /** The unread count went up (a new message arrived over the real-time channel). */
  | { type: 'app.unreadChanged' };

const codeOf = (error: unknown): string =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : 'system_error';

const loadMessages = fromPromise<MessagePage, { pageNo: number }>(async () => {
  throw new Error('loadMessages is supplied by the app');
});

/**
 * Platform messages (messageV2): a paged list, newest first; opening one shows it and marks it
 * read; delete removes it from the player's list; "read all" clears the count. The unread badge
 * follows the server's `unread` events, not this machine; a rise of that count reloads the list.
 */
export const messageBoxMachine = setup({
  types: {
    context: {} as MessageBoxContext,
    events: {} as MessageBoxEvent,
  },
  actors: {
    loadMessages,
    submitRead: fromPromise<{ message: PlatformMessage; unread: number }, { messageId: number }>(
      async () => {
        throw new Error('submitRead is supplied by the app');
      },
    ),
    submitDelete: fromPromise<{ unread: number }, { messageId: number }>(async () => {
      throw new Error('submitDelete is supplied by the app');
    }),
    submitReadAll: fromPromise<{ unread: number }, Record<string, never>>(async () => {
      throw new Error('submitReadAll is supplied by the app');
    }),
  },
  guards: {
    isEmpty: (_, params: { page: MessagePage }) => params.page.content.length === 0,
    /** Past the last page (its last message was deleted): step back a page. */
    isPastLastPage: (_, params: { page: MessagePage }) =>
      params.page.content.length === 0 && params.page.pageNo > 1 && params.page.totalPages > 0,
  },
}).createMachine({
  id: 'messageBox',
  context: { pageNo: 1, page: null, open: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadMessages',
        src: 'loadMessages',
        input: ({ context }) => ({ pageNo: context.pageNo }),
        onDone: [
          {
            guard: { type: 'isPastLastPage', params: ({ event }) => ({ page: event.output }) },
            target: 'loading',
            reenter: true,
            actions: assign({ pageNo: ({ event }) => Math.max(1, event.output.totalPages) }),
          },
          {
            guard: { type: 'isEmpty', params: ({ event }) => ({ page: event.output }) },
            target: 'empty',
            actions: assign({ page: ({ event }) => event.output }),
          },
          { target: 'list', actions: assign({ page: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => codeOf(event.error) }),
        },
      },
    },
    list: {
      on: {
        'user.open': { target: 'reading', actions: assign({ error: null }) },
        'user.delete': { target: 'deleting', actions: assign({ error: null }) },
        'user.readAll': { target: 'readingAll', actions: assign({ error: null }) },
        'user.page': {
          target: 'loading',
          actions: assign({ pageNo: ({ event }) => event.pageNo, error: null }),
        },
        'user.reload': 'loading',
        'app.unreadChanged': 'loading',
      },
    },
    empty: {
      on: { 'user.reload': 'loading', 'app.unreadChanged': 'loading' },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    reading: {
      tags: ['busy'],
      invoke: {
        id: 'submitRead',
        src: 'submitRead',
        input: ({ event }) => ({
          messageId: event.type === 'user.open' ? event.messageId : 0,
        }),
        onDone: {
          target: 'viewing',
          actions: assign({
            open: ({ event }) => event.output.message,
            page: ({ context, event }) =>
              context.page && {
                ...context.page,
                unread: event.output.unread,
                content: context.page.content.map((message) =>
                  message.id === event.output.message.id ? { ...message, read: true } : message,
                ),
              },
          }),
        },
        onError: { target: 'list', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
      },
    },
    viewing: {
      on: {
        'user.close': { target: 'list', actions: assign({ open: null }) },
        'user.delete': { target: 'deleting', actions: assign({ open: null }) },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'submitDelete',
        src: 'submitDelete',
        input: ({ event }) => ({
          messageId: event.type === 'user.delete' ? event.messageId : 0,
        }),
        onDone: 'loading',
        onError: { target: 'list', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
      },
    },
    readingAll: {
      tags: ['busy'],
      invoke: {
        id: 'submitReadAll',
        src: 'submitReadAll',
        input: () => ({}),
        onDone: 'loading',
        onError: { target: 'list', actions: assign({ error: ({ event }) => codeOf(event.error) }) },
      },
    },
  },
});
