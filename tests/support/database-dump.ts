import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/platform/db/client.ts';

/**
 * What an attacker holding a copy of the database has: every row of every table of every schema
 * (the catalog too: pg_statistic keeps sampled column values), each row as its JSON text.
 * Tables the role may not read are skipped.
 */
export async function dumpDatabase(db: Db): Promise<string[]> {
  const tables = (
    (await db.execute(sql`
      SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'm')
      ORDER BY 1`)) as unknown as { rows: { name: string }[] }
  ).rows;
  const rows: string[] = [];
  for (const { name } of tables) {
    try {
      const result = (await db.execute(
        sql.raw(`SELECT row_to_json(t)::text AS row FROM ${name} t`),
      )) as unknown as { rows: { row: string }[] };
      for (const row of result.rows) rows.push(row.row);
    } catch {
      // Not readable by this role (or a type row_to_json cannot show): an attacker's gap too.
    }
  }
  return rows;
}

/** Every string and number in a JSON text, nested ones too (jsonb columns, JSON in text). */
function valuesOf(value: unknown, out: Set<string>) {
  if (typeof value === 'string') {
    out.add(value);
    if (/^[[{]/.test(value)) {
      try {
        valuesOf(JSON.parse(value), out);
      } catch {
        // Not JSON.
      }
    }
  } else if (typeof value === 'number' || typeof value === 'bigint') {
    out.add(String(value));
  } else if (Array.isArray(value)) {
    for (const item of value) valuesOf(item, out);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.add(key);
      valuesOf(item, out);
    }
  }
}

/**
 * The candidate secrets in a dump: every value, and every token in it (runs of hex, base64 and
 * base64url characters, so `v1.<key id>.<iv>.<ciphertext>` gives its parts), of 16 characters or
 * more (an encoding of a 256-bit secret is longer), each with its byte decodings: UTF-8, hex,
 * base64 and base64url.
 */
export function candidatesOf(rows: readonly string[]): { texts: Set<string>; bytes: Buffer[] } {
  const values = new Set<string>();
  for (const row of rows) valuesOf(JSON.parse(row) as unknown, values);
  const texts = new Set<string>();
  for (const value of values) {
    if (value.length >= 16) texts.add(value);
    for (const token of value.match(/[A-Za-z0-9+/=_-]{16,}/g) ?? []) {
      texts.add(token);
      for (const part of token.split(/[=_-]+/)) if (part.length >= 16) texts.add(part);
    }
  }
  const seen = new Set<string>();
  const bytes: Buffer[] = [];
  const add = (buffer: Buffer) => {
    const key = buffer.toString('hex');
    if (buffer.length > 0 && !seen.has(key)) {
      seen.add(key);
      bytes.push(buffer);
    }
  };
  for (const text of texts) {
    add(Buffer.from(text, 'utf8'));
    if (/^(?:[0-9a-fA-F]{2})+$/.test(text)) add(Buffer.from(text, 'hex'));
    if (/^[A-Za-z0-9+/]+=*$/.test(text)) add(Buffer.from(text, 'base64'));
    if (/^[A-Za-z0-9_-]+$/.test(text)) add(Buffer.from(text, 'base64url'));
  }
  return { texts, bytes };
}
