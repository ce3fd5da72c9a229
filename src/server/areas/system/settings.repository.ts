import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { domainRoutes, resources, systemSettings } from './settings.schema.ts';
import { countries } from './countries.schema.ts';

export type SettingsRow = typeof systemSettings.$inferSelect;
export type SettingsPatch = Partial<Omit<typeof systemSettings.$inferInsert, 'id'>>;

export async function getSettings(db: Db): Promise<SettingsRow> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.id, 1));
  if (!row) throw new Error('system_settings row 1 is missing: the seed did not run');
  return row;
}

/** Reads the settings row locked for update (inside a transaction). */
export async function getSettingsForUpdate(tx: Db): Promise<SettingsRow> {
  const [row] = await tx
    .select()
    .from(systemSettings)
    .where(eq(systemSettings.id, 1))
    .for('update');
  if (!row) throw new Error('system_settings row 1 is missing: the seed did not run');
  return row;
}

export async function updateSettings(tx: Db, patch: SettingsPatch): Promise<SettingsRow> {
  const [row] = await tx
    .update(systemSettings)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(systemSettings.id, 1))
    .returning();
  if (!row) throw new Error('system_settings row 1 is missing');
  return row;
}

export function listResources(db: Db) {
  return db.select().from(resources).orderBy(asc(resources.sort), asc(resources.id));
}

export function listDomainRoutes(db: Db, device: number) {
  return db
    .select()
    .from(domainRoutes)
    .where(eq(domainRoutes.device, device))
    .orderBy(asc(domainRoutes.sort), asc(domainRoutes.id));
}

export function listCountries(db: Db) {
  return db.select().from(countries).orderBy(asc(countries.sort), asc(countries.code));
}
