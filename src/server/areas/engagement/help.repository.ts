import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import type { Language } from '../../../contract/constants.ts';
import { members } from '../../platform/members/members.schema.ts';
import {
  affiliateApplications,
  helpArticles,
  helpFeedback,
  helpFeedbackImages,
  helpSections,
  memberAvatars,
} from './help.schema.ts';

// ---------------------------------------------------------------- help center

export function listHelpSections(db: Db) {
  return db.select().from(helpSections).orderBy(asc(helpSections.sort), asc(helpSections.key));
}

/** The text of a localized column in `language`, falling back to Hindi when missing or empty. */
const textIn = (column: AnyPgColumn, language: Language) =>
  sql`coalesce(nullif(${column} ->> ${language}, ''), ${column} ->> 'hi')`;

/** `%word%` with the LIKE wildcards of the word escaped. */
const likeOf = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Articles in order; with `words`, only those whose title, content or section title in
 * `language` contains every word (case-insensitive), in one statement.
 */
export function listHelpArticles(db: Db, filter?: { language: Language; words: string[] }) {
  const where: SQL[] = (filter?.words ?? []).map((word) => {
    const language = filter?.language ?? 'hi';
    const pattern = likeOf(word);
    return sql`(${textIn(helpArticles.title, language)} ilike ${pattern}
      or ${textIn(helpArticles.content, language)} ilike ${pattern}
      or ${textIn(helpSections.title, language)} ilike ${pattern})`;
  });
  return db
    .select({
      id: helpArticles.id,
      sectionKey: helpArticles.sectionKey,
      title: helpArticles.title,
      content: helpArticles.content,
      sort: helpArticles.sort,
    })
    .from(helpArticles)
    .innerJoin(helpSections, eq(helpSections.key, helpArticles.sectionKey))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(asc(helpArticles.sort), asc(helpArticles.id));
}

export async function upsertHelpSection(tx: Db, values: typeof helpSections.$inferInsert) {
  const [before] = await tx.select().from(helpSections).where(eq(helpSections.key, values.key));
  await tx
    .insert(helpSections)
    .values(values)
    .onConflictDoUpdate({
      target: helpSections.key,
      set: { title: values.title, sort: values.sort },
    });
  return before ?? null;
}

export async function findHelpSection(db: Db, key: string) {
  const [row] = await db.select().from(helpSections).where(eq(helpSections.key, key));
  return row ?? null;
}

export async function findHelpArticle(db: Db, id: number) {
  const [row] = await db.select().from(helpArticles).where(eq(helpArticles.id, id));
  return row ?? null;
}

export async function insertHelpArticle(tx: Db, values: typeof helpArticles.$inferInsert) {
  const [row] = await tx.insert(helpArticles).values(values).returning();
  if (!row) throw new Error('article not stored');
  return row;
}

export async function updateHelpArticle(
  tx: Db,
  id: number,
  values: Omit<typeof helpArticles.$inferInsert, 'id'>,
) {
  const [row] = await tx
    .update(helpArticles)
    .set(values)
    .where(eq(helpArticles.id, id))
    .returning();
  return row ?? null;
}

export async function deleteHelpArticle(tx: Db, id: number) {
  const rows = await tx.delete(helpArticles).where(eq(helpArticles.id, id)).returning();
  return rows.length > 0;
}

// ---------------------------------------------------------------- feedback

export type FeedbackRow = typeof helpFeedback.$inferSelect;

export async function insertFeedback(tx: Db, values: typeof helpFeedback.$inferInsert) {
  const [row] = await tx.insert(helpFeedback).values(values).returning();
  if (!row) throw new Error('feedback not stored');
  return row;
}

export async function insertFeedbackImages(
  tx: Db,
  rows: (typeof helpFeedbackImages.$inferInsert)[],
) {
  if (rows.length > 0) await tx.insert(helpFeedbackImages).values(rows);
}

/** Image ids per feedback (no data). */
export async function feedbackImageIds(db: Db, feedbackIds: number[]) {
  const ids = new Map<number, number[]>();
  if (feedbackIds.length === 0) return ids;
  const rows = await db
    .select({ id: helpFeedbackImages.id, feedbackId: helpFeedbackImages.feedbackId })
    .from(helpFeedbackImages)
    .where(inArray(helpFeedbackImages.feedbackId, feedbackIds))
    .orderBy(helpFeedbackImages.id);
  for (const row of rows) ids.set(row.feedbackId, [...(ids.get(row.feedbackId) ?? []), row.id]);
  return ids;
}

export async function findFeedbackImage(db: Db, feedbackId: number, imageId: number) {
  const [row] = await db
    .select()
    .from(helpFeedbackImages)
    .where(and(eq(helpFeedbackImages.id, imageId), eq(helpFeedbackImages.feedbackId, feedbackId)));
  return row ?? null;
}

export function listMemberFeedback(db: Db, memberId: number, limit: number) {
  return db
    .select()
    .from(helpFeedback)
    .where(eq(helpFeedback.memberId, memberId))
    .orderBy(desc(helpFeedback.createdAt), desc(helpFeedback.id))
    .limit(limit);
}

export function listFeedback(
  db: Db,
  filter: { status?: 'open' | 'answered'; limit: number; offset: number },
) {
  const where =
    filter.status === 'open'
      ? isNull(helpFeedback.answeredAt)
      : filter.status === 'answered'
        ? isNotNull(helpFeedback.answeredAt)
        : undefined;
  return db
    .select({ feedback: helpFeedback, username: members.username })
    .from(helpFeedback)
    .innerJoin(members, eq(members.id, helpFeedback.memberId))
    .where(where)
    .orderBy(desc(helpFeedback.createdAt), desc(helpFeedback.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** Answers an open feedback; null when it is unknown or already answered (one answer ever). */
export async function answerFeedback(
  tx: Db,
  id: number,
  values: { answer: string; answeredBy: string; answeredAt: Date },
) {
  const [row] = await tx
    .update(helpFeedback)
    .set(values)
    .where(and(eq(helpFeedback.id, id), isNull(helpFeedback.answeredAt)))
    .returning();
  return row ?? null;
}

export async function setFeedbackMessage(tx: Db, id: number, messageId: number) {
  await tx.update(helpFeedback).set({ messageId }).where(eq(helpFeedback.id, id));
}

export async function findFeedback(db: Db, id: number) {
  const [row] = await db.select().from(helpFeedback).where(eq(helpFeedback.id, id));
  return row ?? null;
}

export async function countFeedbackRows(db: Db) {
  const [feedback] = await db.select({ n: count() }).from(helpFeedback);
  const [images] = await db.select({ n: count() }).from(helpFeedbackImages);
  return { feedback: feedback?.n ?? 0, images: images?.n ?? 0 };
}

// ---------------------------------------------------------------- avatars

export async function findMemberAvatar(db: Db, memberId: number) {
  const [row] = await db
    .select({ avatarId: memberAvatars.avatarId })
    .from(memberAvatars)
    .where(eq(memberAvatars.memberId, memberId));
  return row?.avatarId ?? null;
}

export async function upsertMemberAvatar(tx: Db, memberId: number, avatarId: number, at: Date) {
  await tx
    .insert(memberAvatars)
    .values({ memberId, avatarId, updatedAt: at })
    .onConflictDoUpdate({ target: memberAvatars.memberId, set: { avatarId, updatedAt: at } });
}

// ---------------------------------------------------------------- affiliate applications

export type AffiliateRow = typeof affiliateApplications.$inferSelect;

/** The member's application; null when they have none. */
export async function findMemberApplication(db: Db, memberId: number) {
  const [row] = await db
    .select()
    .from(affiliateApplications)
    .where(eq(affiliateApplications.memberId, memberId));
  return row ?? null;
}

/** Stores the application unless the member has one (then null). */
export async function insertApplication(tx: Db, values: typeof affiliateApplications.$inferInsert) {
  const [row] = await tx
    .insert(affiliateApplications)
    .values(values)
    .onConflictDoNothing({ target: affiliateApplications.memberId })
    .returning();
  return row ?? null;
}

export function listApplications(
  db: Db,
  filter: { status?: string; limit: number; offset: number },
) {
  return db
    .select({ application: affiliateApplications, username: members.username })
    .from(affiliateApplications)
    .innerJoin(members, eq(members.id, affiliateApplications.memberId))
    .where(filter.status ? eq(affiliateApplications.status, filter.status) : undefined)
    .orderBy(desc(affiliateApplications.createdAt), desc(affiliateApplications.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** Reviews a pending application; null when unknown or already reviewed. */
export async function reviewApplication(
  tx: Db,
  id: number,
  values: { status: string; reviewedBy: string; reviewedAt: Date },
) {
  const [row] = await tx
    .update(affiliateApplications)
    .set(values)
    .where(and(eq(affiliateApplications.id, id), eq(affiliateApplications.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function findApplication(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(affiliateApplications)
    .where(eq(affiliateApplications.id, id));
  return row ?? null;
}
