import { z } from 'zod';
import { constants } from './constants.ts';
import { dbIdParamSchema, isStorableText } from './primitives.ts';
import { helpCenterSchema, languageSchema, systemPaths } from './system.ts';
import { proofImageLimits, sniffImageType } from './withdrawal-proof.ts';

/**
 * The help part of the engagement area (issue 16, spec sections 2, 5 and 7): the help center
 * from the database (sections and articles per language, search; `/help#terms`, the beginner
 * guide `/help#guide`), feedback answered by the operator as a platform message, the affiliate
 * application form and the player's avatar.
 */
export const helpPaths = {
  /** GET: sections and articles in one language; `keyword` keeps the articles that match. */
  helpCenter: systemPaths.helpCenter,
  /** PUT (token, multipart: questionType, content, up to 3 `images`): send feedback. GET: mine. */
  feedback: '/wps/feedback',
  /** GET (token): the avatars to pick from and the player's own. */
  avatar: '/wps/relay/MCSFE_getPlayerAvatar',
  /** POST (token): pick an avatar. */
  setAvatar: '/wps/relay/MCSFE_setPlayerAvatar',
  /** GET: one avatar image (SVG drawn by the site). */
  avatarImage: '/wps/avatars/:avatarId',
  /** POST (token): apply to become an affiliate. GET (token): my application. */
  affiliateApplication: '/wps/affiliate/application',
} as const;

export const helpOpsPaths = {
  /** GET: every section with its articles in every language. PUT: create or rename a section. */
  sections: '/ops/help/sections',
  /** POST: a new article. */
  articles: '/ops/help/articles',
  /** PUT: edit an article. DELETE: remove it. */
  article: '/ops/help/articles/:articleId',
  /** GET: feedback, newest first (`status` open | answered). */
  feedback: '/ops/feedback',
  /** POST: answer a feedback; the player gets it as a platform message. */
  feedbackAnswer: '/ops/feedback/:feedbackId/answer',
  /** GET: one image of a feedback, served back with its checked type. */
  feedbackImage: '/ops/feedback/:feedbackId/images/:imageId',
  /** GET: affiliate applications, newest first. */
  affiliateApplications: '/ops/affiliate/applications',
  /** POST: approve or reject one. */
  affiliateReview: '/ops/affiliate/applications/:applicationId/review',
} as const;

const isoDateTime = z.iso.datetime({ offset: true });
/** The longest help search. */
export const helpKeywordMax = 50;
const storable = (max: number) =>
  z.string().trim().max(max).refine(isStorableText, { message: 'unstorable text' });

// ---------------------------------------------------------------- help center

export const helpCenterQuerySchema = z
  .object({
    language: z.optional(languageSchema),
    /** Words an article must all contain (title, content or its section's title). */
    keyword: z.optional(storable(helpKeywordMax)),
  })
  .strict();
export { helpCenterSchema };

/** Text in each language; Hindi (the default) always. */
export const localizedTextSchema = z
  .object({
    hi: storable(20_000).pipe(z.string().min(1)),
    en: z.optional(storable(20_000)),
    bn: z.optional(storable(20_000)),
  })
  .strict();
export type LocalizedTextBody = z.infer<typeof localizedTextSchema>;

const sectionKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, 'lower-case letters, digits and dashes');

export const opsHelpSectionBodySchema = z
  .object({
    key: sectionKeySchema,
    title: localizedTextSchema,
    sort: z.number().int().min(0).max(10_000).default(0),
  })
  .strict();
export const opsHelpArticleBodySchema = z
  .object({
    sectionKey: sectionKeySchema,
    title: localizedTextSchema,
    content: localizedTextSchema,
    sort: z.number().int().min(0).max(10_000).default(0),
  })
  .strict();
export const articleIdParamsSchema = z.object({ articleId: dbIdParamSchema }).strict();

const localizedOutSchema = z.object({
  hi: z.string(),
  en: z.optional(z.string()),
  bn: z.optional(z.string()),
});
export const opsHelpArticleSchema = z.object({
  id: z.number().int(),
  sectionKey: z.string(),
  title: localizedOutSchema,
  content: localizedOutSchema,
  sort: z.number().int(),
});
export const opsHelpSectionSchema = z.object({
  key: z.string(),
  title: localizedOutSchema,
  sort: z.number().int(),
  articles: z.array(opsHelpArticleSchema),
});
export const opsHelpSectionListSchema = z.object({ list: z.array(opsHelpSectionSchema) });
export const deletedSchema = z.object({ deleted: z.boolean() });

// ---------------------------------------------------------------- feedback

export const feedbackQuestionTypes = [
  'deposit',
  'withdrawal',
  'games',
  'promotion',
  'account',
  'suggestion',
  'other',
] as const;
export type FeedbackQuestionType = (typeof feedbackQuestionTypes)[number];

/** Spec section 5: feedback content between min and max words, remark-like 140 characters. */
export const feedbackLimits = {
  minWords: 3,
  maxWords: 30,
  maxChars: constants.remarkMaxLength,
  images: proofImageLimits,
} as const;

/** Words of a text: runs of non-space characters. */
export function countWords(text: string): number {
  return text.trim().split(/\s+/u).filter(Boolean).length;
}

export const feedbackFieldsSchema = z
  .object({
    questionType: z.enum(feedbackQuestionTypes),
    content: storable(feedbackLimits.maxChars).refine(
      (text) => {
        const words = countWords(text);
        return words >= feedbackLimits.minWords && words <= feedbackLimits.maxWords;
      },
      { message: 'word count' },
    ),
  })
  .strict();
export type FeedbackFields = z.infer<typeof feedbackFieldsSchema>;

export const feedbackStatuses = ['open', 'answered'] as const;
export const feedbackSchema = z.object({
  id: z.number().int(),
  questionType: z.enum(feedbackQuestionTypes),
  content: z.string(),
  imageCount: z.number().int().min(0).max(feedbackLimits.images.maxCount),
  status: z.enum(feedbackStatuses),
  answer: z.string().nullable(),
  createdAt: isoDateTime,
  answeredAt: isoDateTime.nullable(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
export const feedbackListSchema = z.object({ list: z.array(feedbackSchema) });

export const opsFeedbackQuerySchema = z
  .object({
    status: z.optional(z.enum(feedbackStatuses)),
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();
export const opsFeedbackSchema = feedbackSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  imageIds: z.array(z.number().int()),
  answeredBy: z.string().nullable(),
  messageId: z.number().int().nullable(),
});
export const opsFeedbackListSchema = z.object({ list: z.array(opsFeedbackSchema) });
export const feedbackIdParamsSchema = z.object({ feedbackId: dbIdParamSchema }).strict();
export const feedbackImageParamsSchema = z
  .object({ feedbackId: dbIdParamSchema, imageId: dbIdParamSchema })
  .strict();
export const feedbackAnswerBodySchema = z
  .object({ answer: storable(2_000).pipe(z.string().min(1)) })
  .strict();

export { sniffImageType };

// ---------------------------------------------------------------- avatars

/** The avatars the site draws: ids 1..avatarCount. */
export const avatarCount = 12;
export const avatarIdSchema = z.number().int().min(1).max(avatarCount);
export const avatarSchema = z.object({ avatarId: z.number().int(), url: z.string() });
export const playerAvatarSchema = z.object({
  /** The player's avatar (1 when never picked). */
  current: avatarSchema,
  list: z.array(avatarSchema),
});
export type PlayerAvatar = z.infer<typeof playerAvatarSchema>;
export const setAvatarBodySchema = z.object({ avatarId: avatarIdSchema }).strict();
export const avatarParamsSchema = z
  .object({ avatarId: z.coerce.number().int().min(1).max(avatarCount) })
  .strict();
export const avatarUrl = (avatarId: number) =>
  helpPaths.avatarImage.replace(':avatarId', String(avatarId));

// ---------------------------------------------------------------- affiliate application

export const affiliateChannels = ['website', 'social', 'messaging', 'offline', 'other'] as const;
export const affiliateStatuses = ['pending', 'approved', 'rejected'] as const;
export const affiliateApplicationBodySchema = z
  .object({
    fullName: storable(64).pipe(z.string().min(2)),
    contact: storable(64).pipe(z.string().min(5)),
    channel: z.enum(affiliateChannels),
    audience: z.number().int().min(0).max(100_000_000),
    message: storable(constants.remarkMaxLength),
  })
  .strict();
export type AffiliateApplicationBody = z.infer<typeof affiliateApplicationBodySchema>;
export const affiliateApplicationSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  contact: z.string(),
  channel: z.enum(affiliateChannels),
  audience: z.number().int(),
  message: z.string(),
  status: z.enum(affiliateStatuses),
  createdAt: isoDateTime,
  reviewedAt: isoDateTime.nullable(),
});
export type AffiliateApplication = z.infer<typeof affiliateApplicationSchema>;
export const myAffiliateApplicationSchema = z.object({
  application: affiliateApplicationSchema.nullable(),
});
export const opsAffiliateApplicationSchema = affiliateApplicationSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  reviewedBy: z.string().nullable(),
});
export const opsAffiliateListSchema = z.object({ list: z.array(opsAffiliateApplicationSchema) });
export const opsAffiliateQuerySchema = z
  .object({
    status: z.optional(z.enum(affiliateStatuses)),
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();
export const affiliateIdParamsSchema = z.object({ applicationId: dbIdParamSchema }).strict();
export const affiliateReviewBodySchema = z
  .object({ decision: z.enum(['approved', 'rejected']) })
  .strict();
