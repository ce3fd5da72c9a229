import { messageBoxMachine } from '../src/machines/message-box.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { messageBoxMachine };

const message = {
  id: 7,
  title: 'Bonus credited',
  content: 'Your weekly rebate is in your wallet.',
  broadcast: false,
  read: false,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const page = (content: (typeof message)[], pageNo = 1, totalPages = 1) => ({
  content,
  pageNo,
  pageSize: 15,
  totalPages,
  totalElements: content.length,
  unread: content.filter((m) => !m.read).length,
});

export const model = defineModel({
  name: 'message-box',
  title: 'Platform messages (messageV2)',
  summary:
    "The player's platform messages, newest first, 15 a page, unread ones marked. Opening a " +
    'message shows it and marks it read (the unread badge falls through the real-time channel); ' +
    'delete removes it from the list; "read all" clears the count. A new message arriving while ' +
    'the page is open reloads the list. Loading shows a busy indicator, no messages an empty ' +
    'note, a failed load an error with a retry button; a failed read or delete keeps the list ' +
    'and shows the error.',
  source: 'src/machines/message-box.machine.ts',
  machine: messageBoxMachine,
  project: (context) => ({ pageNo: context.pageNo }),
  events: {
    'xstate.done.actor.loadMessages': [
      { label: 'one unread message', output: page([message]) },
      { label: 'no messages', output: page([]) },
      { label: 'page 2 is past the end', output: page([], 2, 1) },
    ],
    'xstate.error.actor.loadMessages': [
      { label: 'network error', error: { code: 'network_error' } },
    ],
    'xstate.done.actor.submitRead': [
      { label: 'read', output: { message: { ...message, read: true }, unread: 0 } },
    ],
    'xstate.error.actor.submitRead': [{ label: 'not found', error: { code: 'not_found' } }],
    'xstate.done.actor.submitDelete': [{ label: 'deleted', output: { unread: 0 } }],
    'xstate.error.actor.submitDelete': [
      { label: 'network error', error: { code: 'network_error' } },
    ],
    'xstate.done.actor.submitReadAll': [{ label: 'all read', output: { unread: 0 } }],
    'xstate.error.actor.submitReadAll': [
      { label: 'network error', error: { code: 'network_error' } },
    ],
    'user.open': [{ label: 'message 7', messageId: 7 }],
    'user.close': [{}],
    'user.delete': [{ label: 'message 7', messageId: 7 }],
    'user.readAll': [{}],
    'user.page': [{ label: 'page 2', pageNo: 2 }],
    'user.retry': [{}],
    'user.reload': [{}],
    'app.unreadChanged': [{}],
  },
  states: {
    'messageBox.loading': {
      shows: 'a busy indicator where the list goes',
      role: { role: 'status' },
    },
    'messageBox.list': {
      shows: 'the messages with title, date and an unread dot; paging; "read all"',
      testId: 'message-list',
    },
    'messageBox.empty': {
      shows: 'the translated "No messages" note',
      testId: 'message-empty',
    },
    'messageBox.failed': {
      shows: 'a translated error message and a retry button',
      role: { role: 'button', name: 'Retry' },
    },
    'messageBox.reading': {
      shows: 'the list, busy while the message opens',
      role: { role: 'status' },
    },
    'messageBox.viewing': {
      shows: 'the open message (title, date, text) with close and delete buttons',
      testId: 'message-reader',
    },
    'messageBox.deleting': {
      shows: 'the list, busy while the message is deleted',
      role: { role: 'status' },
    },
    'messageBox.readingAll': {
      shows: 'the list, busy while every message is marked read',
      role: { role: 'status' },
    },
  },
});
