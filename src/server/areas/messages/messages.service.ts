import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { findMemberById } from '../../platform/members/members.queries.ts';
import type { MemberRow } from '../../platform/http/auth.ts';
import {
  countMemberMessages,
  findMemberMessage,
  insertMessage,
  listMemberMessages,
  listSentMessages,
  markAllRead,
  markMessage,
} from './messages.repository.ts';
import type {
  messageListQuerySchema,
  MessagePage,
  PlatformMessage,
  SendMessageBody,
} from '../../../contract/messages.ts';
import type { Publisher } from '../../platform/realtime/publisher.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Operator } from '../../platform/http/auth.ts';

type ListQuery = z.output<typeof messageListQuerySchema>;

type Row = {
  id: number;
  memberId: number | null;
  title: string;
  content: string;
  createdAt: Date;
  readAt: Date | null;
};

const toMessage = (row: Row): PlatformMessage => ({
  id: row.id,
  title: row.title,
  content: row.content,
  broadcast: row.memberId === null,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Platform messages (messageV2). A message to all is one row; each member's read and delete
 * marks are rows of their own, made when the member acts. After every change the member's
 * unread count is published as the `unread` event. A message to all is published to the members
 * with an open socket (on any node); the others read the count when their app connects (the
 * real-time wiring re-reads CSP_unreadCount after every connect).
 */
export function createMessagesService(deps: {
  db: Db;
  clock: Clock;
  publisher: Pick<Publisher, 'publish'>;
  /** Members with a socket open on any node. */
  connectedMemberIds: () => Promise<number[]>;
  onPublishError?: (error: unknown) => void;
}) {
  const { db } = deps;

  async function unreadOf(memberId: number, since: Date) {
    return (await countMemberMessages(db, memberId, since)).unread;
  }

  /** After commit: the member's unread count to their sockets. Never fails the request. */
  async function publishUnread(memberId: number, since?: Date) {
    try {
      const joined = since ?? (await findMemberById(db, memberId))?.createdAt;
      if (!joined) return;
      const count = await unreadOf(memberId, joined);
      await deps.publisher.publish(memberId, { name: 'unread', payload: { count } });
    } catch (error) {
      deps.onPublishError?.(error);
    }
  }

  async function mustFind(member: MemberRow, messageId: number) {
    const row = await findMemberMessage(db, member.id, member.createdAt, messageId);
    if (!row) throw new AppError(404, 'not_found');
    return row;
  }

  return {
    async list(member: MemberRow, query: ListQuery): Promise<MessagePage> {
      const [rows, counts] = await Promise.all([
        listMemberMessages(db, member.id, member.createdAt, {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
        countMemberMessages(db, member.id, member.createdAt),
      ]);
      return {
        content: rows.map(toMessage),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalPages: Math.ceil(counts.total / query.pageSize),
        totalElements: counts.total,
        unread: counts.unread,
      };
    },

    unreadCount: async (member: MemberRow) => ({
      count: await unreadOf(member.id, member.createdAt),
    }),

    async read(member: MemberRow, messageId: number) {
      const row = await mustFind(member, messageId);
      if (row.readAt === null) {
        const at = deps.clock();
        await db.transaction(async (tx) => {
          await markMessage(tx, member.id, messageId, 'read', at);
          await insertAudit(tx, {
            actor: `member:${member.id}`,
            action: 'message.read',
            target: `message:${messageId}`,
            before: { read: false },
            after: { read: true },
          });
        });
        await publishUnread(member.id, member.createdAt);
        row.readAt = at;
      }
      return {
        message: toMessage(row),
        unread: await unreadOf(member.id, member.createdAt),
      };
    },

    async readAll(member: MemberRow) {
      const marked = await db.transaction(async (tx) => {
        const n = await markAllRead(tx, member.id, member.createdAt, deps.clock());
        if (n > 0) {
          await insertAudit(tx, {
            actor: `member:${member.id}`,
            action: 'message.readAll',
            target: `member:${member.id}`,
            before: { unread: n },
            after: { unread: 0 },
          });
        }
        return n;
      });
      if (marked > 0) await publishUnread(member.id, member.createdAt);
      return { unread: await unreadOf(member.id, member.createdAt) };
    },

    async remove(member: MemberRow, messageId: number) {
      const row = await mustFind(member, messageId);
      await db.transaction(async (tx) => {
        await markMessage(tx, member.id, messageId, 'deleted', deps.clock());
        await insertAudit(tx, {
          actor: `member:${member.id}`,
          action: 'message.delete',
          target: `message:${messageId}`,
          before: { title: row.title, read: row.readAt !== null },
          after: { deleted: true },
        });
      });
      if (row.readAt === null) await publishUnread(member.id, member.createdAt);
      return { unread: await unreadOf(member.id, member.createdAt) };
    },

    /** Operator: a message to one player or to all; the unread counts go out after commit. */
    async send(operator: Operator, body: SendMessageBody) {
      const createdAt = deps.clock();
      const row = await db.transaction(async (tx) => {
        if (body.memberId !== null && !(await findMemberById(tx, body.memberId))) {
          throw new AppError(404, 'not_found');
        }
        const message = await insertMessage(tx, {
          memberId: body.memberId,
          title: body.title,
          content: body.content,
          sentBy: operator.username,
          createdAt,
        });
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'message.send',
          target: body.memberId === null ? 'members:all' : `member:${body.memberId}`,
          before: null,
          after: { id: message.id, title: body.title },
        });
        return message;
      });
      if (row.memberId !== null) {
        await publishUnread(row.memberId);
      } else {
        const connected = await deps.connectedMemberIds().catch((error: unknown) => {
          deps.onPublishError?.(error);
          return [];
        });
        await Promise.all(connected.map((memberId) => publishUnread(memberId)));
      }
      return {
        id: row.id,
        memberId: row.memberId,
        title: row.title,
        createdAt: row.createdAt.toISOString(),
      };
    },

    async sent(limit = 100) {
      const rows = await listSentMessages(db, limit);
      return rows.map((row) => ({
        id: row.id,
        memberId: row.memberId,
        title: row.title,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
