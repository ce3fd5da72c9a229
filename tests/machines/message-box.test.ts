import { describe, expect, it } from 'vitest';
import { messageBoxMachine } from '../../src/machines/message-box.machine.ts';
import type { MessagePage, PlatformMessage } from '../../src/contract/messages.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

const message = (id: number, read = false): PlatformMessage => ({
  id,
  title: `Message ${id}`,
  content: 'text',
  broadcast: false,
  read,
  createdAt: '2026-11-20T10:00:00.000Z',
});
const page = (content: PlatformMessage[], pageNo = 1, totalPages = 1): MessagePage => ({
  content,
  pageNo,
  pageSize: 15,
  totalPages,
  totalElements: content.length,
  unread: content.filter((m) => !m.read).length,
});

function start() {
  const driver = driveMachine(messageBoxMachine, {
    held: {
      loadMessages: heldPromise<MessagePage, { pageNo: number }>(),
      submitRead: heldPromise<
        { message: PlatformMessage; unread: number },
        { messageId: number }
      >(),
      submitDelete: heldPromise<{ unread: number }, { messageId: number }>(),
      submitReadAll: heldPromise<{ unread: number }, Record<string, never>>(),
    },
  });
  const { loadMessages: load, submitRead: read, submitDelete: remove } = driver.held;
  return { ...driver, load, read, remove };
}

describe('messageBoxMachine', () => {
  it('opens a message: marks it read in the list and shows it', async () => {
    const { load, read, send, expectState, expectContext, context } = start();
    await load.resolve(page([message(1), message(2)]));
    send({ type: 'user.open', messageId: 2 });
    expect(read.calls).toEqual([{ messageId: 2 }]);
    await read.resolve({ message: message(2, true), unread: 1 });
    expectState('viewing');
    expectContext({ open: { id: 2 }, page: { unread: 1 } });
    expect(context().page?.content.map((m) => m.read)).toEqual([false, true]);
  });

  it('deleting the last message of page 2 goes back to page 1', async () => {
    const { load, remove, send, expectState } = start();
    await load.resolve(page([message(1)]));
    send({ type: 'user.page', pageNo: 2 });
    await load.resolve(page([message(20)], 2, 2));
    send({ type: 'user.delete', messageId: 20 });
    expect(remove.calls).toEqual([{ messageId: 20 }]);
    await remove.resolve({ unread: 0 });
    expect(load.calls.at(-1)).toEqual({ pageNo: 2 });
    await load.resolve(page([], 2, 1));
    expect(load.calls.at(-1)).toEqual({ pageNo: 1 });
    await load.resolve(page([message(1)]));
    expectState('list');
  });

  it('a failed delete keeps the list and shows the error; a new message reloads', async () => {
    const { load, remove, send, expectState, expectContext } = start();
    await load.resolve(page([message(1)]));
    send({ type: 'user.delete', messageId: 1 });
    await remove.reject({ code: 'network_error' });
    expectState('list');
    expectContext({ error: 'network_error' });
    send({ type: 'app.unreadChanged' });
    expectState('loading');
    expect(load.calls).toHaveLength(2);
  });
});
