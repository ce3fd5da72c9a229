import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageIdParamsSchema,
  messageListQuerySchema,
  messageOpsPaths,
  messagePageSchema,
  messagePaths,
  readReplySchema,
  sendMessageBodySchema,
  sentMessageListSchema,
  sentMessageSchema,
  unreadCountSchema,
  unreadReplySchema,
} from '../../../contract/messages.ts';
import type { MessagesService } from './messages.service.ts';
import { memberOf } from '../../platform/http/auth.ts';
import { ok, replies } from '../../platform/http/responses.ts';

const tags = ['messages'];
const security = [{ bearer: [] }];

/** Platform messages of the member center (messageV2) and the unread count. */
export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (
  app,
  { messages },
) => {
  // The pages are the member center's (real accounts); the count is read for every member.
  const onRequest = app.requireRealAccount;

  app.get(
    messagePaths.list,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The member's platform messages, newest first, 15 a page",
        querystring: messageListQuerySchema,
        response: replies(messagePageSchema),
      },
    },
    async (request) => ok(await messages.list(memberOf(request).member, request.query)),
  );

  app.get(
    messagePaths.unreadCount,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'value.count: the number of unread platform messages',
        response: replies(unreadCountSchema),
      },
    },
    async (request) => ok(await messages.unreadCount(memberOf(request).member)),
  );

  app.post(
    messagePaths.readAll,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Mark every message read',
        response: replies(unreadReplySchema),
      },
    },
    async (request) => ok(await messages.readAll(memberOf(request).member)),
  );

  app.post(
    messagePaths.read,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Mark one message read; answers it with the new unread count',
        params: messageIdParamsSchema,
        response: replies(readReplySchema),
      },
    },
    async (request) => ok(await messages.read(memberOf(request).member, request.params.messageId)),
  );

  app.delete(
    messagePaths.remove,
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Remove a message from the member's list",
        params: messageIdParamsSchema,
        response: replies(unreadReplySchema),
      },
    },
    async (request) =>
      ok(await messages.remove(memberOf(request).member, request.params.messageId)),
  );
};

/** Operators: send a message to one player or to all, and list what was sent. */
export const messagesOpsRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (
  app,
  { messages },
) => {
  const common = {
    onRequest: app.requireOperator,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };
  app.post(
    messageOpsPaths.messages,
    {
      ...common,
      schema: {
        tags: ['ops'],
        security: [{ opsBasic: [] }],
        summary: 'Send a platform message to one player (memberId) or to all (memberId null)',
        body: sendMessageBodySchema,
        response: replies(sentMessageSchema),
      },
    },
    async (request) => {
      const { operator } = request;
      if (!operator) throw new Error('requireOperator did not set the operator');
      return ok(await messages.send(operator, request.body));
    },
  );
  app.get(
    messageOpsPaths.messages,
    {
      ...common,
      schema: {
        tags: ['ops'],
        security: [{ opsBasic: [] }],
        summary: 'The latest 100 platform messages sent',
        response: replies(sentMessageListSchema),
      },
    },
    async () => ok(await messages.sent()),
  );
};
