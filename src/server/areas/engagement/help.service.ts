import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import type { MemberRow, Operator } from '../../platform/http/auth.ts';
import type { Language } from '../../../contract/constants.ts';
import type { HelpCenter } from '../../../contract/system.ts';
import {
  avatarCount,
  avatarUrl,
  type AffiliateApplication,
  type affiliateApplicationBodySchema,
  type affiliateReviewBodySchema,
  type opsAffiliateQuerySchema,
  type opsHelpArticleBodySchema,
  type opsHelpSectionBodySchema,
  type PlayerAvatar,
} from '../../../contract/help.ts';
import type { LocalizedText } from './help.schema.ts';
import {
  deleteHelpArticle,
  findApplication,
  findHelpArticle,
  findHelpSection,
  findMemberApplication,
  findMemberAvatar,
  insertApplication,
  insertHelpArticle,
  listApplications,
  listHelpArticles,
  listHelpSections,
  reviewApplication,
  updateHelpArticle,
  upsertHelpSection,
  upsertMemberAvatar,
  type AffiliateRow,
} from './help.repository.ts';

const opsPageSize = 50;

/** The text in `language`, falling back to Hindi when missing or empty. */
export const pick = (text: LocalizedText, language: Language) => text[language] || text.hi;

const toApplication = (row: AffiliateRow): AffiliateApplication => ({
  id: row.id,
  fullName: row.fullName,
  contact: row.contact,
  channel: row.channel as AffiliateApplication['channel'],
  audience: row.audience,
  message: row.message,
  status: row.status as AffiliateApplication['status'],
  createdAt: row.createdAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
});

/**
 * The help center (sections and articles per language, searched in the database), the operator's
 * edits of it, the player's avatar and the affiliate application. Every change is audited.
 */
export function createHelpService(deps: { db: Db; clock: Clock }) {
  const { db } = deps;

  async function opsSections() {
    const [sections, articles] = await Promise.all([listHelpSections(db), listHelpArticles(db)]);
    return {
      list: sections.map((section) => ({
        ...section,
        articles: articles.filter((article) => article.sectionKey === section.key),
      })),
    };
  }

  async function avatar(member: MemberRow): Promise<PlayerAvatar> {
    const current = (await findMemberAvatar(db, member.id)) ?? 1;
    return {
      current: { avatarId: current, url: avatarUrl(current) },
      list: Array.from({ length: avatarCount }, (_, index) => ({
        avatarId: index + 1,
        url: avatarUrl(index + 1),
      })),
    };
  }

  return {
    /** Sections with their articles; with a keyword, only the sections with a matching article. */
    async helpCenter(language: Language, keyword?: string): Promise<HelpCenter> {
      const words = (keyword ?? '').split(/\s+/u).filter(Boolean);
      const [sections, articles] = await Promise.all([
        listHelpSections(db),
        listHelpArticles(db, words.length > 0 ? { language, words } : undefined),
      ]);
      return {
        sections: sections
          .map((section) => ({
            key: section.key,
            title: pick(section.title, language),
            articles: articles
              .filter((article) => article.sectionKey === section.key)
              .map((article) => ({
                id: String(article.id),
                title: pick(article.title, language),
                content: pick(article.content, language),
              })),
          }))
          .filter((section) => words.length === 0 || section.articles.length > 0),
      };
    },

    opsSections,

    async putSection(operator: Operator, body: z.output<typeof opsHelpSectionBodySchema>) {
      await db.transaction(async (tx) => {
        const before = await upsertHelpSection(tx, body);
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: before ? 'help.section.update' : 'help.section.create',
          target: `help-section:${body.key}`,
          before,
          after: body,
        });
      });
      return opsSections();
    },

    async createArticle(operator: Operator, body: z.output<typeof opsHelpArticleBodySchema>) {
      return db.transaction(async (tx) => {
        if (!(await findHelpSection(tx, body.sectionKey))) {
          throw new AppError(404, 'help_section_unknown');
        }
        const row = await insertHelpArticle(tx, body);
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'help.article.create',
          target: `help-article:${row.id}`,
          before: null,
          after: body,
        });
        return row;
      });
    },

    async updateArticle(
      operator: Operator,
      id: number,
      body: z.output<typeof opsHelpArticleBodySchema>,
    ) {
      return db.transaction(async (tx) => {
        const before = await findHelpArticle(tx, id);
        if (!before) throw new AppError(404, 'not_found');
        if (!(await findHelpSection(tx, body.sectionKey))) {
          throw new AppError(404, 'help_section_unknown');
        }
        const row = await updateHelpArticle(tx, id, body);
        if (!row) throw new AppError(404, 'not_found');
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'help.article.update',
          target: `help-article:${id}`,
          before,
          after: body,
        });
        return row;
      });
    },

    async deleteArticle(operator: Operator, id: number) {
      return db.transaction(async (tx) => {
        const before = await findHelpArticle(tx, id);
        if (!before || !(await deleteHelpArticle(tx, id))) throw new AppError(404, 'not_found');
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'help.article.delete',
          target: `help-article:${id}`,
          before,
          after: null,
        });
        return { deleted: true };
      });
    },

    // ------------------------------------------------------------ avatars

    avatar,

    async setAvatar(member: MemberRow, avatarId: number): Promise<PlayerAvatar> {
      await db.transaction(async (tx) => {
        const before = await findMemberAvatar(tx, member.id);
        await upsertMemberAvatar(tx, member.id, avatarId, deps.clock());
        await insertAudit(tx, {
          actor: `member:${member.id}`,
          action: 'avatar.set',
          target: `member:${member.id}`,
          before: { avatarId: before },
          after: { avatarId },
        });
      });
      return avatar(member);
    },

    // ------------------------------------------------------------ affiliate application

    async myApplication(member: MemberRow) {
      const row = await findMemberApplication(db, member.id);
      return { application: row ? toApplication(row) : null };
    },

    async apply(member: MemberRow, body: z.output<typeof affiliateApplicationBodySchema>) {
      const row = await db.transaction(async (tx) => {
        const stored = await insertApplication(tx, {
          memberId: member.id,
          ...body,
          createdAt: deps.clock(),
        });
        if (!stored) throw new AppError(409, 'affiliate_applied');
        await insertAudit(tx, {
          actor: `member:${member.id}`,
          action: 'affiliate.apply',
          target: `affiliate-application:${stored.id}`,
          before: null,
          after: body,
        });
        return stored;
      });
      return toApplication(row);
    },

    async applications(query: z.output<typeof opsAffiliateQuerySchema>) {
      const rows = await listApplications(db, {
        status: query.status,
        limit: opsPageSize,
        offset: (query.pageNo - 1) * opsPageSize,
      });
      return {
        list: rows.map(({ application, username }) => ({
          ...toApplication(application),
          memberId: application.memberId,
          username,
          reviewedBy: application.reviewedBy,
        })),
      };
    },

    async review(operator: Operator, id: number, body: z.output<typeof affiliateReviewBodySchema>) {
      const row = await db.transaction(async (tx) => {
        const reviewed = await reviewApplication(tx, id, {
          status: body.decision,
          reviewedBy: operator.username,
          reviewedAt: deps.clock(),
        });
        if (!reviewed) {
          throw (await findApplication(tx, id))
            ? new AppError(409, 'affiliate_reviewed')
            : new AppError(404, 'not_found');
        }
        await insertAudit(tx, {
          actor: `operator:${operator.username}`,
          action: 'affiliate.review',
          target: `affiliate-application:${id}`,
          before: { status: 'pending' },
          after: { status: body.decision },
        });
        return reviewed;
      });
      return toApplication(row);
    },
  };
}

export type HelpService = ReturnType<typeof createHelpService>;
