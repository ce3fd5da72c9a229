import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  affiliateIdParamsSchema,
  affiliateReviewBodySchema,
  affiliateApplicationSchema,
  articleIdParamsSchema,
  deletedSchema,
  feedbackAnswerBodySchema,
  feedbackIdParamsSchema,
  feedbackImageParamsSchema,
  feedbackSchema,
  helpOpsPaths,
  opsAffiliateListSchema,
  opsAffiliateQuerySchema,
  opsFeedbackListSchema,
  opsFeedbackQuerySchema,
  opsHelpArticleBodySchema,
  opsHelpArticleSchema,
  opsHelpSectionBodySchema,
  opsHelpSectionListSchema,
} from '../../../contract/help.ts';
import type { Operator } from '../../platform/http/auth.ts';
import { bodyOf, ok, rawReplies, replies } from '../../platform/http/responses.ts';
import type { HelpService } from './help.service.ts';
import type { FeedbackService } from './help-feedback.service.ts';

const tags = ['help-ops'];
const security = [{ opsBasic: [] }];

function operatorOf(request: FastifyRequest): Operator {
  if (!request.operator) throw new Error('requireOperator did not set the operator');
  return request.operator;
}

/** The operator's help calls: help content, feedback answers, affiliate applications. Audited. */
export const helpOpsRoutes: FastifyPluginAsyncZod<{
  help: HelpService;
  feedback: FeedbackService;
}> = async (app, { help, feedback }) => {
  const common = {
    onRequest: app.requireOperator,
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
  };

  app.get(
    helpOpsPaths.sections,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Help sections with their articles, every language',
        response: replies(opsHelpSectionListSchema),
      },
    },
    async () => ok(await help.opsSections()),
  );

  app.put(
    helpOpsPaths.sections,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Create or rename a help section (its key is the /help#key anchor)',
        body: opsHelpSectionBodySchema,
        response: replies(opsHelpSectionListSchema),
      },
    },
    async (request) => ok(await help.putSection(operatorOf(request), request.body)),
  );

  app.post(
    helpOpsPaths.articles,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'A new help article (404 help_section_unknown for an unknown section)',
        body: opsHelpArticleBodySchema,
        response: replies(opsHelpArticleSchema),
      },
    },
    async (request) => ok(await help.createArticle(operatorOf(request), request.body)),
  );

  app.put(
    helpOpsPaths.article,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Edit a help article',
        params: articleIdParamsSchema,
        body: opsHelpArticleBodySchema,
        response: replies(opsHelpArticleSchema),
      },
    },
    async (request) =>
      ok(await help.updateArticle(operatorOf(request), request.params.articleId, request.body)),
  );

  app.delete(
    helpOpsPaths.article,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Remove a help article',
        params: articleIdParamsSchema,
        response: replies(deletedSchema),
      },
    },
    async (request) => ok(await help.deleteArticle(operatorOf(request), request.params.articleId)),
  );

  app.get(
    helpOpsPaths.feedback,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Feedback, newest first, 50 a page (status open | answered)',
        querystring: opsFeedbackQuerySchema,
        response: replies(opsFeedbackListSchema),
      },
    },
    async (request) => ok(await feedback.list(request.query)),
  );

  app.post(
    helpOpsPaths.feedbackAnswer,
    {
      ...common,
      schema: {
        tags,
        security,
        summary:
          'Answer a feedback once (409 feedback_answered after): the player gets it as a platform message',
        params: feedbackIdParamsSchema,
        body: feedbackAnswerBodySchema,
        response: replies(feedbackSchema),
      },
    },
    async (request) =>
      ok(
        await feedback.answer(operatorOf(request), request.params.feedbackId, request.body.answer),
      ),
  );

  app.get(
    helpOpsPaths.feedbackImage,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'One feedback image (png or jpeg, as checked on upload)',
        params: feedbackImageParamsSchema,
        response: rawReplies({ 200: bodyOf('The image', ['image/png', 'image/jpeg']) }),
      },
    },
    async (request, reply) => {
      const image = await feedback.image(request.params.feedbackId, request.params.imageId);
      return reply
        .header('content-type', image.contentType)
        .header('content-disposition', 'attachment')
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    },
  );

  app.get(
    helpOpsPaths.affiliateApplications,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Affiliate applications, newest first, 50 a page',
        querystring: opsAffiliateQuerySchema,
        response: replies(opsAffiliateListSchema),
      },
    },
    async (request) => ok(await help.applications(request.query)),
  );

  app.post(
    helpOpsPaths.affiliateReview,
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Approve or reject a pending affiliate application (409 affiliate_reviewed after)',
        params: affiliateIdParamsSchema,
        body: affiliateReviewBodySchema,
        response: replies(affiliateApplicationSchema),
      },
    },
    async (request) =>
      ok(await help.review(operatorOf(request), request.params.applicationId, request.body)),
  );
};
