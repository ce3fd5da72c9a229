import type { Db } from '../db/client.ts';
import { auditLog } from './audit.schema.ts';

export type AuditEntry = {
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
};

export async function insertAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    ...entry,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
