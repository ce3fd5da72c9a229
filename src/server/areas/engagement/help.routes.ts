import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  affiliateApplicationBodySchema,
  affiliateApplicationSchema,
  avatarParamsSchema,
  feedbackLimits,
  feedbackListSchema,
  feedbackSchema,
  helpCenterQuerySchema,
  helpCenterSchema,
  helpPaths,
  myAffiliateApplicationSchema,
  playerAvatarSchema,
  setAvatarBodySchema,
} from '../../../contract/help.ts';
import { memberOf } from '../../platform/http/auth.ts';
import {
  imageFormBodyLimit,
  imageFormOptions,
  readImageForm,
} from '../../platform/http/multipart-images.ts';
import { bodyOf, ok, rawReplies, replies } from '../../platform/http/responses.ts';
import type { HelpService } from './help.service.ts';
import type { FeedbackService } from './help-feedback.service.ts';
import { avatarSvg } from './help-avatars.ts';

/** The player's help calls: help center, feedback, avatar, affiliate application. */
export const helpRoutes: FastifyPluginAsyncZod<{
  help: HelpService;
  feedback: FeedbackService;
}> = async (app, { help, feedback }) => {
  // Feedback images: only the feedback route takes multipart, within this plugin.
  // Content is at most 140 characters; UTF-8 may take 4 bytes each.
  await app.register(multipart, imageFormOptions(2, feedbackLimits.maxChars * 4 + 64));
  const tags = ['help'];
  const security = [{ bearer: [] }];

  app.get(
    helpPaths.helpCenter,
    {
      schema: {
        tags,
        summary: 'Help center sections and articles (keyword: articles with every word)',
        querystring: helpCenterQuerySchema,
        response: replies(helpCenterSchema),
      },
    },
    async (request) =>
      ok(await help.helpCenter(request.query.language ?? request.language, request.query.keyword)),
  );

  app.put(
    helpPaths.feedback,
    {
      onRequest: app.requireRealAccount,
      bodyLimit: imageFormBodyLimit,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary:
          'Send feedback (multipart: questionType, content of 3 to 30 words and at most 140 characters, up to 3 png/jpg images of 5 MB, checked by content)',
        consumes: ['multipart/form-data'],
        response: replies(feedbackSchema),
      },
    },
    async (request) => {
      const { fields, images } = await readImageForm(request);
      return ok(await feedback.send(memberOf(request).member, fields, images));
    },
  );

  app.get(
    helpPaths.feedback,
    {
      onRequest: app.requireRealAccount,
      schema: {
        tags,
        security,
        summary: "The player's feedback with the operator's answers, newest first",
        response: replies(feedbackListSchema),
      },
    },
    async (request) => ok(await feedback.mine(memberOf(request).member)),
  );

  app.get(
    helpPaths.avatar,
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "The avatars to pick from and the player's own",
        response: replies(playerAvatarSchema),
      },
    },
    async (request) => ok(await help.avatar(memberOf(request).member)),
  );

  app.post(
    helpPaths.setAvatar,
    {
      onRequest: app.requireMember,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Pick an avatar',
        body: setAvatarBodySchema,
        response: replies(playerAvatarSchema),
      },
    },
    async (request) => ok(await help.setAvatar(memberOf(request).member, request.body.avatarId)),
  );

  app.get(
    helpPaths.avatarImage,
    {
      schema: {
        tags,
        summary: 'One avatar image (SVG)',
        params: avatarParamsSchema,
        response: rawReplies({ 200: bodyOf('The avatar', ['image/svg+xml']) }),
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(avatarSvg(request.params.avatarId)),
  );

  app.get(
    helpPaths.affiliateApplication,
    {
      onRequest: app.requireRealAccount,
      schema: {
        tags,
        security,
        summary: "The player's affiliate application (null when none)",
        response: replies(myAffiliateApplicationSchema),
      },
    },
    async (request) => ok(await help.myApplication(memberOf(request).member)),
  );

  app.post(
    helpPaths.affiliateApplication,
    {
      onRequest: app.requireRealAccount,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Apply to become an affiliate (once; 409 affiliate_applied after)',
        body: affiliateApplicationBodySchema,
        response: replies(affiliateApplicationSchema),
      },
    },
    async (request) => ok(await help.apply(memberOf(request).member, request.body)),
  );
};
