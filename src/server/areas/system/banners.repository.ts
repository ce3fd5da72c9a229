import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { banners } from './banners.schema.ts';

export type BannerRow = typeof banners.$inferSelect;
export type BannerInsert = Omit<typeof banners.$inferInsert, 'id'>;

export function listBanners(db: Db): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .orderBy(asc(banners.groupName), asc(banners.sortOrder), asc(banners.id));
}

export async function findBanner(db: Db, id: number) {
  const [row] = await db.select().from(banners).where(eq(banners.id, id));
  return row;
}

export async function insertBanner(tx: Db, values: BannerInsert): Promise<BannerRow> {
  const [row] = await tx.insert(banners).values(values).returning();
  if (!row) throw new Error('insert returned no banner');
  return row;
}

export async function updateBanner(tx: Db, id: number, values: BannerInsert) {
  const [row] = await tx.update(banners).set(values).where(eq(banners.id, id)).returning();
  return row;
}

export async function deleteBanner(tx: Db, id: number) {
  const [row] = await tx.delete(banners).where(eq(banners.id, id)).returning();
  return row;
}
