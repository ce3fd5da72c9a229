import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languages } from '../../../contract/constants.ts';
import { languageFromHeader } from '../../platform/i18n/messages.ts';
import { bodyOf, noBody, rawReplies } from '../../platform/http/responses.ts';
import {
  sandboxCreateBodySchema,
  sandboxGatewayBase,
  sandboxPaymentSchema,
  type SandboxGateway,
} from './sandbox-gateway.ts';

const paymentParams = z.object({ paymentId: z.uuid() });
const pageQuery = z.object({ lang: z.enum(languages).optional() });
const page = (description: string) => bodyOf(description, ['text/html']);
const notFoundPage = page('No such payment: a page that says so');

/**
 * The sandbox payment gateway (development and demo only; app.ts registers it only when
 * configured): its merchant API, and the payer's page with approve and decline, which only an
 * operator may press.
 */
export const sandboxGatewayRoutes: FastifyPluginAsyncZod<{ gateway: SandboxGateway }> = async (
  app,
  { gateway },
) => {
  // The payer's page posts plain forms with nothing in them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  const tags = ['development'];
  const html = (reply: { type: (t: string) => unknown }) => reply.type('text/html; charset=utf-8');

  app.post(
    `${sandboxGatewayBase}/v1/payments`,
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sandbox gateway: create a payment (bearer key)',
        body: sandboxCreateBodySchema,
        response: rawReplies({
          201: sandboxPaymentSchema.describe(
            'The payment (the same for a merchant reference again)',
          ),
          401: z.object({ error: z.literal('unauthorized') }).describe('No or a wrong bearer key'),
        }),
      },
    },
    async (request, reply) => {
      if (!gateway.authorized(request.headers.authorization)) {
        return reply.code(401).send({ error: 'unauthorized' });
      }
      return reply.code(201).send(await gateway.createPayment(request.body));
    },
  );

  app.get(
    `${sandboxGatewayBase}/pay/:paymentId`,
    {
      schema: {
        tags,
        summary: "Sandbox gateway: the payer's page",
        params: paymentParams,
        querystring: pageQuery,
        response: rawReplies({ 200: page("The payer's page"), 404: notFoundPage }),
      },
    },
    async (request, reply) => {
      const language = request.query.lang ?? languageFromHeader(request.headers['accept-language']);
      const page = await gateway.page(request.params.paymentId, language);
      html(reply);
      return reply.code(page.status).send(page.html);
    },
  );

  app.post(
    `${sandboxGatewayBase}/pay/:paymentId/:outcome`,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      // Approving credits money: only an operator decides (a member must not approve their own
      // deposit). A refusal carries the Basic challenge, so the browser asks for them.
      onRequest: app.requireOperator,
      schema: {
        tags,
        summary:
          'Sandbox gateway (operator credentials): approve or decline; the merchant gets the webhook',
        security: [{ opsBasic: [] }],
        params: paymentParams.extend({ outcome: z.enum(['approve', 'decline']) }),
        querystring: pageQuery,
        response: rawReplies({
          200: page('The payment was already closed otherwise: its page'),
          303: noBody("Closed and the merchant told: to the merchant's returnUrl (Location)"),
          404: notFoundPage,
          502: page('Closed, but the merchant did not take the webhook: the page says so'),
        }),
      },
    },
    async (request, reply) => {
      const language = request.query.lang ?? languageFromHeader(request.headers['accept-language']);
      const result = await gateway.decide(
        request.params.paymentId,
        request.params.outcome,
        language,
      );
      if ('redirect' in result) return reply.redirect(result.redirect, 303);
      html(reply);
      return reply.code(result.status).send(result.html);
    },
  );
};
