import { z } from 'zod';
import { dbIdParamSchema, dbIdSchema } from './primitives.ts';
import { constants } from './constants.ts';

/**
 * Platform messages (messageV2, spec sections 2 and 7): an operator writes to one player or to
 * every player; each player reads and deletes their own copy. A message to all is one row; each
 * player's read and delete marks are kept per member. After every change the player's unread
 * count goes out as the `unread` real-time event (contract/realtime.ts).
 */
export const messagePaths = {
  /** GET (token): the member's messages, newest first, paged. */
  list: '/wps/member/messages',
  /** POST (token): mark one read; answers the message and the new unread count. */
  read: '/wps/member/messages/:messageId/read',
  /** POST (token): mark every message read. */
  readAll: '/wps/member/messages/read',
  /** DELETE (token): remove one from the member's list. */
  remove: '/wps/member/messages/:messageId',
  /** GET (token): value.count, the number of unread messages. */
  unreadCount: '/wps/relay/CSP_unreadCount',
} as const;

export const messageOpsPaths = {
  /** POST: send a message to one player (`memberId`) or to all (`memberId` null). GET: list. */
  messages: '/ops/messages',
} as const;

const isoDateTime = z.iso.datetime({ offset: true });

export const messageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** True for a message sent to every player. */
  broadcast: z.boolean(),
  read: z.boolean(),
  createdAt: isoDateTime,
});
export type PlatformMessage = z.infer<typeof messageSchema>;

export const messageListQuerySchema = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(constants.pageSize).default(constants.pageSize),
  })
  .strict();
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

export const messagePageSchema = z.object({
  content: z.array(messageSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
  unread: z.number().int().min(0),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const messageIdParamsSchema = z.object({
  messageId: dbIdParamSchema,
});

export const unreadCountSchema = z.object({ count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const readReplySchema = z.object({ message: messageSchema, unread: z.number().int() });
export const unreadReplySchema = z.object({ unread: z.number().int().min(0) });

/** Operator: a new message. */
export const sendMessageBodySchema = z
  .object({
    /** The player; null sends to every player. */
    memberId: dbIdSchema.nullable(),
    title: z.string().trim().min(1).max(200),
    content: z.string().trim().min(1).max(5000),
  })
  .strict();
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;
export const sentMessageSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int().nullable(),
  title: z.string(),
  createdAt: isoDateTime,
});
export const sentMessageListSchema = z.array(sentMessageSchema);
