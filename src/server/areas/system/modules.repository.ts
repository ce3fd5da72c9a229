import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { modules } from './modules.schema.ts';

export type ModuleRow = typeof modules.$inferSelect;

export function listModules(db: Db): Promise<ModuleRow[]> {
  return db.select().from(modules).orderBy(asc(modules.sort), asc(modules.modId));
}

export async function findModule(db: Db, modId: string): Promise<ModuleRow | undefined> {
  const [row] = await db.select().from(modules).where(eq(modules.modId, modId));
  return row;
}

export async function setModuleEnabled(tx: Db, modId: string, enabled: boolean) {
  const [row] = await tx
    .update(modules)
    .set({ enabled })
    .where(eq(modules.modId, modId))
    .returning();
  return row;
}
