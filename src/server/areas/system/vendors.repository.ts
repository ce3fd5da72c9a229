import { asc } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { vendorLanes, vendors } from './vendors.schema.ts';

export function listVendorLanes(db: Db) {
  return db.select().from(vendorLanes).orderBy(asc(vendorLanes.sort));
}

export function listVendors(db: Db) {
  return db.select().from(vendors).orderBy(asc(vendors.sort), asc(vendors.accountTypeId));
}

/** Adds a vendor unless one with its code exists (the games area's built-in provider). */
export async function addVendorIfMissing(db: Db, vendor: typeof vendors.$inferInsert) {
  await db.insert(vendors).values(vendor).onConflictDoNothing();
}
