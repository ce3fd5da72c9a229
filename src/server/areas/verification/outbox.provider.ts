import type { Db } from '../../platform/db/client.ts';
import { insertOutboxMessage } from './outbox.repository.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EmailProvider } from './email.provider.ts';
import type { SmsProvider } from './sms.provider.ts';

/** The default SMS provider: stores the message in the outbox table; nothing leaves the machine. */
export function createOutboxSmsProvider(deps: { db: Db; clock: Clock }): SmsProvider {
  return {
    name: 'outbox',
    async send(to, text) {
      await insertOutboxMessage(deps.db, {
        channel: 'sms',
        recipient: to,
        subject: null,
        body: text,
        html: null,
        createdAt: deps.clock(),
      });
    },
  };
}

/** The default e-mail provider: stores the message in the outbox table. */
export function createOutboxEmailProvider(deps: { db: Db; clock: Clock }): EmailProvider {
  return {
    name: 'outbox',
    async send(message) {
      await insertOutboxMessage(deps.db, {
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        html: message.html,
        createdAt: deps.clock(),
      });
    },
  };
}
