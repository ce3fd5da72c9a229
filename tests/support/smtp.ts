import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** Reads a MIME message's headers and decodes its quoted-printable or base64 parts (tests only). */
export function decodeMail(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const qp = unfolded.replace(/(=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'),
  );
  const base64Parts = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ]
    .map((match) => Buffer.from((match[1] ?? '').replace(/\s/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${qp}\n${base64Parts}`;
}

/**
 * A local SMTP server (smtp-server) that keeps every message it accepts. Recipients on the
 * `reject` list are refused with 550.
 */
export async function startSmtpServer(options: { user?: string; password?: string } = {}) {
  const mails: ReceivedMail[] = [];
  const reject = new Set<string>();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: !options.user,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (reject.has(address.address)) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((to) => to.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  const auth = options.user ? `${options.user}:${options.password}@` : '';
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    mails,
    reject: (address: string) => reject.add(address),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
