import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EmailProvider } from './email.provider.ts';
import { createHttpSmsProvider } from './http-sms.provider.ts';
import { createOutboxEmailProvider, createOutboxSmsProvider } from './outbox.provider.ts';
import { createSmtpEmailProvider } from './smtp-email.provider.ts';
import type { SmsProvider } from './sms.provider.ts';

export type MessageProviders = { sms: SmsProvider; email: EmailProvider; close(): void };

/** The SMS and e-mail providers the configuration names; the outbox by default. */
export function createMessageProviders(
  config: Pick<Config, 'sms' | 'email'>,
  deps: { db: Db; clock: Clock },
): MessageProviders {
  const sms =
    config.sms.provider === 'http'
      ? createHttpSmsProvider(config.sms)
      : createOutboxSmsProvider(deps);
  if (config.email.provider === 'smtp') {
    const email = createSmtpEmailProvider(config.email);
    return { sms, email, close: email.close };
  }
  return { sms, email: createOutboxEmailProvider(deps), close: () => undefined };
}
