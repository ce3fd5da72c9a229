import fp from 'fastify-plugin';
import { createMessagesService } from './messages.service.ts';
import { createNotifyService } from './notify.service.ts';
import { messagesOpsRoutes, messagesRoutes } from './messages.routes.ts';
import { notifyRoutes } from './notify.routes.ts';

/** Platform messages with their unread events, and the operator's notify to a member's sockets. */
export const messagesArea = fp(
  async (app) => {
    const { clock, realtime } = app;
    const { db } = app.database;
    await app.register(notifyRoutes, {
      notify: createNotifyService({ db, clock, publisher: realtime.publisher }),
    });
    const messages = createMessagesService({
      db,
      clock,
      publisher: realtime.publisher,
      connectedMemberIds: async () => [
        ...new Set((await realtime.io.fetchSockets()).map((socket) => socket.data.memberId)),
      ],
      onPublishError: (error) => app.log.error({ err: error }, 'unread event not published'),
    });
    await app.register(messagesRoutes, { messages });
    await app.register(messagesOpsRoutes, { messages });
  },
  { name: 'messages', dependencies: ['platform', 'identity'], fastify: '5.x' },
);
