/**
 * The development outbox (GET /wps/dev/outbox on the worker's server): SMS and e-mails the
 * site "sent", read as a player would read their phone or mailbox. The outbox is an operator
 * call (it holds codes and reset links), so the driver reads it with the operator's credentials.
 */
import {
  identityPaths,
  outboxListSchema,
  type OutboxMessage,
} from '../../../src/contract/identity.ts';
import { envelopeOf } from '../../../src/contract/envelope.ts';
import { expect, workerBaseURL } from './fixtures.ts';
import { opsCredentials } from './server.ts';

const operatorAuthorization = `Basic ${Buffer.from(
  `${opsCredentials.username}:${opsCredentials.password}`,
).toString('base64')}`;

/** The newest message stored for an address (+91… or an e-mail), once it is there. */
export async function latestOutbox(channel: 'sms' | 'email', to: string): Promise<OutboxMessage> {
  let latest: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const url = new URL(identityPaths.outbox, workerBaseURL());
      url.search = new URLSearchParams({ channel, to, limit: '1' }).toString();
      const reply = envelopeOf(outboxListSchema).parse(
        await (await fetch(url, { headers: { authorization: operatorAuthorization } })).json(),
      );
      latest = reply.value?.messages[0];
      return latest !== undefined;
    })
    .toBe(true);
  if (!latest) throw new Error(`no ${channel} to ${to}`);
  return latest;
}

/** The 6-digit code of the newest SMS to a number (+91…), once it is there. */
export async function smsCodeTo(number: string): Promise<string> {
  const message = await latestOutbox('sms', number);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in the SMS to ${number}: ${message.text}`);
  return code;
}
