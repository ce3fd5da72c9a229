import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { messageBoxMachine } from '../../src/machines/message-box.machine.ts';
import type { MessagePage, PlatformMessage } from '../../src/contract/messages.ts';
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
  const load = heldPromise<MessagePage, { pageNo: number }>();
  const read = heldPromise<{ message: PlatformMessage; unread: number }, { messageId: number }>();
  const remove = heldPromise<{ unread: number }, { messageId: number }>();
  const readAll = heldPromise<{ unread: number }, Record<string, never>>();
  const actor = createActor(
    messageBoxMachine.provide({
      actors: {
        loadMessages: load.logic,
        submitRead: read.logic,
        submitDelete: remove.logic,
        submitReadAll: readAll.logic,
      },
    }),
  ).start();
  return { actor, load, read, remove, readAll };
}

describe('messageBoxMachine', () => {
  it('opens a message: marks it read in the list and shows it', async () => {
    const { actor, load, read } = start();
    await load.resolve(page([message(1), message(2)]));
    actor.send({ type: 'user.open', messageId: 2 });
    expect(read.calls).toEqual([{ messageId: 2 }]);
    await read.resolve({ message: message(2, true), unread: 1 });
    const { context, value } = actor.getSnapshot();
    expect(value).toBe('viewing');
    expect(context.open?.id).toBe(2);
    expect(context.page?.content.map((m) => m.read)).toEqual([false, true]);
    expect(context.page?.unread).toBe(1);
  });

  it('deleting the last message of page 2 goes back to page 1', async () => {
    const { actor, load, remove } = start();
    await load.resolve(page([message(1)]));
    actor.send({ type: 'user.page', pageNo: 2 });
    await load.resolve(page([message(20)], 2, 2));
    actor.send({ type: 'user.delete', messageId: 20 });
    expect(remove.calls).toEqual([{ messageId: 20 }]);
    await remove.resolve({ unread: 0 });
    expect(load.calls.at(-1)).toEqual({ pageNo: 2 });
    await load.resolve(page([], 2, 1));
    expect(load.calls.at(-1)).toEqual({ pageNo: 1 });
    await load.resolve(page([message(1)]));
    expect(actor.getSnapshot().value).toBe('list');
  });

  it('a failed delete keeps the list and shows the error; a new message reloads', async () => {
    const { actor, load, remove } = start();
    await load.resolve(page([message(1)]));
    actor.send({ type: 'user.delete', messageId: 1 });
    await remove.reject({ code: 'network_error' });
    expect(actor.getSnapshot().value).toBe('list');
    expect(actor.getSnapshot().context.error).toBe('network_error');
    actor.send({ type: 'app.unreadChanged' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.calls).toHaveLength(2);
  });
});
