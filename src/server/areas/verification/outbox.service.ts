import type { Db } from '../../platform/db/client.ts';
import { listOutboxMessages } from './outbox.repository.ts';
import type { OutboxMessage } from '../../../contract/identity.ts';

/** Reads what the outbox providers stored (the development-only page). */
export function createOutboxService(deps: { db: Db }) {
  return {
    async latest(filter: {
      channel?: 'sms' | 'email';
      to?: string;
      limit: number;
    }): Promise<OutboxMessage[]> {
      const rows = await listOutboxMessages(deps.db, {
        channel: filter.channel,
        recipient: filter.to,
        limit: filter.limit,
      });
      return rows.map((row) => ({
        channel: row.channel,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        at: row.createdAt.toISOString(),
      }));
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** A plain table of the messages; every value escaped (message texts may hold anything). */
export function outboxHtml(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (message) =>
        `<tr><td>${escapeHtml(message.at)}</td><td>${escapeHtml(message.channel)}</td>` +
        `<td>${escapeHtml(message.to)}</td><td>${escapeHtml(message.subject ?? '')}</td>` +
        `<td><pre>${escapeHtml(message.text)}</pre></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox (development)</title>
<style>body{font-family:sans-serif;margin:1rem}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #ccc;padding:.3rem;text-align:left;vertical-align:top}
pre{margin:0;white-space:pre-wrap}</style></head>
<body><h1>Outbox (development only)</h1>
<p>Messages the outbox providers stored instead of sending, newest first.</p>
<table><thead><tr><th>At</th><th>Channel</th><th>To</th><th>Subject</th><th>Text</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>`;
}
