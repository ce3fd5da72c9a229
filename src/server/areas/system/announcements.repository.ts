import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { announcements } from './announcements.schema.ts';
import type { announcementTypes } from '../../../contract/system.ts';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementInsert = Omit<typeof announcements.$inferInsert, 'id'>;
type AnnouncementType = (typeof announcementTypes)[number];

export function listAnnouncements(db: Db, types?: readonly AnnouncementType[]) {
  const query = db.select().from(announcements);
  const filtered = types ? query.where(inArray(announcements.type, [...types])) : query;
  return filtered.orderBy(desc(announcements.publishedAt), desc(announcements.id));
}

export async function findAnnouncement(db: Db, id: number) {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  return row;
}

export async function insertAnnouncement(tx: Db, values: AnnouncementInsert) {
  const [row] = await tx.insert(announcements).values(values).returning();
  if (!row) throw new Error('insert returned no announcement');
  return row;
}

export async function updateAnnouncement(tx: Db, id: number, values: AnnouncementInsert) {
  const [row] = await tx
    .update(announcements)
    .set(values)
    .where(eq(announcements.id, id))
    .returning();
  return row;
}

export async function deleteAnnouncement(tx: Db, id: number) {
  const [row] = await tx.delete(announcements).where(eq(announcements.id, id)).returning();
  return row;
}
