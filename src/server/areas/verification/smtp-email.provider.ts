import type { Transporter } from 'nodemailer';
import { ProviderError } from './sms.provider.ts';
import type { EmailProvider } from './email.provider.ts';

export type SmtpOptions = { url: string; from: string; timeoutMs?: number };

/** E-mail over SMTP with nodemailer (SMTP_URL such as smtp://user:pass@host:587). */
export function createSmtpEmailProvider(options: SmtpOptions): EmailProvider & {
  close(): void;
} {
  const timeout = options.timeoutMs ?? 10_000;
  // nodemailer is loaded with the first e-mail: about 5 MB of heap a node that sends none (or
  // sends later) does not hold from its start.
  let transport: Promise<Transporter> | null = null;
  const opened = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: options.url,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      }),
    ));
  return {
    name: 'smtp',
    async send(message) {
      try {
        await (
          await opened()
        ).sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        // 452/552: mailbox or quota full on the relay's side.
        const quota = code === 452 || code === 552;
        throw new ProviderError(quota ? 'quota_exceeded' : 'unavailable', 'SMTP send failed', {
          cause: error,
        });
      }
    },
    close: () => void transport?.then((open) => open.close()),
  };
}
