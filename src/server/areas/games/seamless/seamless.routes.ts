import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawReplies } from '../../../platform/http/responses.ts';
import { AppError } from '../../../platform/errors.ts';
import { translate } from '../../../platform/i18n/messages.ts';
import { hashToken } from '../../../platform/hash-token.ts';
import {
  authenticateBodySchema,
  authenticateReplySchema,
  balanceBodySchema,
  betBodySchema,
  endRoundBodySchema,
  freeRoundBodySchema,
  freeRoundReplySchema,
  freeRoundsBodySchema,
  freeRoundsReplySchema,
  hub88BetBodySchema,
  hub88Descriptions,
  hub88Paths,
  hub88ReplySchema,
  hub88RollbackBodySchema,
  hub88UserBodySchema,
  hub88WinBodySchema,
  rollbackBodySchema,
  seamlessBalanceSchema,
  seamlessDescriptions,
  seamlessFailureSchema,
  seamlessHeaders,
  seamlessPaths,
  seamlessReplyOf,
  transactionReplySchema,
  winBodySchema,
  type Hub88Reply,
  type TransactionReply,
  type Hub88Status,
  type SeamlessErrorCode,
} from '../../../../contract/seamless.ts';
import { SeamlessRefusal, type SeamlessService } from './seamless.service.ts';
import type { ProviderRow } from './seamless.service.ts';

/** What a signed call carries past its hooks: the raw body and the verified provider. */
const callOf = new WeakMap<FastifyRequest, { rawBody: string; provider?: ProviderRow }>();

/** JSON bodies parsed here keep their raw text: the signature is over the bytes sent. */
function keepRawJson(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    callOf.set(request, { rawBody: text });
    try {
      done(null, text.length > 0 ? (JSON.parse(text) as unknown) : undefined);
    } catch {
      done(new AppError(400, 'bad_request'), undefined);
    }
  });
}

const rawBodyOf = (request: FastifyRequest) => callOf.get(request)?.rawBody ?? '';
const providerOf = (request: FastifyRequest): ProviderRow => {
  const provider = callOf.get(request)?.provider;
  if (!provider) throw new Error('route is missing its signature check');
  return provider;
};

const headerText = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

const seamlessHeadersSchema = z.object({
  [seamlessHeaders.provider]: z.string().optional().describe("The provider's code"),
  [seamlessHeaders.timestamp]: z.string().optional().describe('Unix seconds of the call'),
  [seamlessHeaders.signature]: z
    .string()
    .optional()
    .describe('hex HMAC-SHA256(secret, timestamp + "." + raw body)'),
});

const ourReplies = <T extends z.ZodType>(value: T) =>
  ({
    200: seamlessReplyOf(value),
    '4xx': seamlessFailureSchema,
    '5xx': seamlessFailureSchema,
  }) as const;

/** Our seamless wallet API (`/wps/seamless/v1/*`). */
export const seamlessRoutes: FastifyPluginAsyncZod<{ seamless: SeamlessService }> = async (
  app,
  { seamless },
) => {
  keepRawJson(app);
  app.addHook('preValidation', async (request) => {
    const provider = await seamless.verifySeamless({
      providerCode: headerText(request, seamlessHeaders.provider),
      timestamp: headerText(request, seamlessHeaders.timestamp),
      signature: headerText(request, seamlessHeaders.signature),
      rawBody: rawBodyOf(request),
      ip: request.ip,
    });
    callOf.set(request, { rawBody: rawBodyOf(request), provider });
  });
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const { status, code, key, vars, balance } = await failureOf(error, request, seamless);
    return reply.code(status).send({
      success: false,
      code,
      message: translate(request.language, key, vars),
      value: { balance, currency: seamless.currency },
    });
  });

  const common = {
    tags: ['seamless'],
    headers: seamlessHeadersSchema,
  };
  const route = { config: { rateLimit: false } } as const;
  const okReply = <T>(value: T) => ({ success: true as const, value });

  app.post(
    seamlessPaths.authenticate,
    {
      ...route,
      schema: {
        ...common,
        description: seamlessDescriptions.authenticate,
        summary: 'A launch token (single use) to the player session; player, currency, balance',
        body: authenticateBodySchema,
        response: ourReplies(authenticateReplySchema),
      },
    },
    async (request) =>
      okReply(await seamless.authenticate(providerOf(request), request.body.launchToken)),
  );
  app.post(
    seamlessPaths.balance,
    {
      ...route,
      schema: {
        ...common,
        description: seamlessDescriptions.balance,
        summary: "The player's balance (also on an expired session)",
        body: balanceBodySchema,
        response: ourReplies(seamlessBalanceSchema),
      },
    },
    async (request) => okReply(await seamless.balance(providerOf(request), request.body)),
  );
  app.post(
    seamlessPaths.bet,
    {
      ...route,
      schema: {
        ...common,
        description: seamlessDescriptions.bet,
        summary: 'Debit a stake; idempotent per transactionId; refused after its rollback',
        body: betBodySchema,
        response: ourReplies(transactionReplySchema),
      },
    },
    async (request) => okReply(await seamless.bet(providerOf(request), request.body)),
  );
  app.post(
    seamlessPaths.win,
    {
      ...route,
      schema: {
        ...common,
        description: seamlessDescriptions.win,
        summary:
          'Settle an open bet with its win (0: a loss), once; accepted on an expired session',
        body: winBodySchema,
        response: ourReplies(transactionReplySchema),
      },
    },
    async (request) => okReply(await seamless.win(providerOf(request), request.body)),
  );
  app.post(
    seamlessPaths.rollback,
    {
      ...route,
      schema: {
        ...common,
        description: seamlessDescriptions.rollback,
        summary: 'Refund an open bet (settled is final); an unknown bet leaves a tombstone',
        body: rollbackBodySchema,
        response: ourReplies(transactionReplySchema),
      },
    },
    async (request) => okReply(await seamless.rollback(providerOf(request), request.body)),
  );
  app.post(
    seamlessPaths.freeRounds,
    {
      ...route,
      schema: {
        ...common,
        description: seamlessDescriptions.freeRounds,
        summary: "The player's free rounds (points mall grants) in the session's game",
        body: freeRoundsBodySchema,
        response: ourReplies(freeRoundsReplySchema),
      },
    },
    async (request) => okReply(await seamless.freeRounds(providerOf(request), request.body)),
  );
  app.post(
    seamlessPaths.freeRound,
    {
      ...route,
      schema: {
        ...common,
        description: seamlessDescriptions.freeRound,
        summary:
          'Play a free round of a grant: nothing debited, the win credited as a bonus, one round off the grant; idempotent per transactionId',
        body: freeRoundBodySchema,
        response: ourReplies(freeRoundReplySchema),
      },
    },
    async (request) => okReply(await seamless.freeRound(providerOf(request), request.body)),
  );
  app.post(
    seamlessPaths.endRound,
    {
      ...route,
      schema: {
        ...common,
        description: seamlessDescriptions.endRound,
        summary: "Settle the round's open bets with no win",
        body: endRoundBodySchema,
        response: ourReplies(transactionReplySchema),
      },
    },
    async (request) => okReply(await seamless.endRound(providerOf(request), request.body)),
  );
};

type Failure = {
  status: number;
  code: string;
  key: Parameters<typeof translate>[1];
  vars: Record<string, string>;
  balance: string | null;
};

/** A failure with the balance of the call's player, when the caller and player are known. */
async function failureOf(
  error: FastifyError,
  request: FastifyRequest,
  seamless: SeamlessService,
): Promise<Failure> {
  if (error instanceof SeamlessRefusal) {
    return {
      status: error.statusCode,
      code: error.code,
      key: error.messageKey,
      vars: error.vars,
      balance: error.balance === null ? null : error.balance.toString(),
    };
  }
  const balance = await balanceOfCall(request, seamless).catch(() => null);
  if (error instanceof AppError) {
    return { status: error.statusCode, code: error.code, key: error.messageKey, vars: {}, balance };
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    const [first] = error.validation ?? [];
    const params = first?.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const field = params?.issue?.path?.map(String).join('.') || error.validationContext || 'body';
    return { status: 400, code: 'bad_request', key: 'bad_field', vars: { field }, balance };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, code: 'bad_request', key: 'bad_request', vars: {}, balance };
  }
  request.log.error({ err: error }, 'seamless call failed');
  return { status: 500, code: 'system_error', key: 'system_error', vars: {}, balance };
}

/** The balance of a signed call's player (bad input from a known caller still gets it). */
async function balanceOfCall(
  request: FastifyRequest,
  seamless: SeamlessService,
  tokenField = 'sessionToken',
  playerField = 'playerId',
): Promise<string | null> {
  const provider = callOf.get(request)?.provider;
  const body = request.body as Record<string, unknown> | undefined;
  const token = body?.[tokenField];
  if (!provider || typeof token !== 'string' || token.length > 200) return null;
  const session = await seamless.sessionByToken(hashToken(token), provider.code);
  if (!session || String(session.memberId) !== String(body?.[playerField])) return null;
  return (await seamless.mainBalance(session.memberId)).toString();
}

// --- the Hub88-shaped adapter ------------------------------------------------------------

/** Each refusal of the wallet as the Hub88 shape's own status (its code and message beside). */
const hub88StatusOf: Record<SeamlessErrorCode, Hub88Status> = {
  seamless_provider_unknown: 'RS_ERROR_INVALID_PARTNER',
  seamless_provider_disabled: 'RS_ERROR_INVALID_PARTNER',
  seamless_ip_not_allowed: 'RS_ERROR_INVALID_PARTNER',
  seamless_signature_invalid: 'RS_ERROR_INVALID_SIGNATURE',
  seamless_timestamp_stale: 'RS_ERROR_INVALID_SIGNATURE',
  seamless_token_invalid: 'RS_ERROR_INVALID_TOKEN',
  seamless_player_unknown: 'RS_ERROR_INVALID_TOKEN',
  session_expired: 'RS_ERROR_TOKEN_EXPIRED',
  seamless_currency_mismatch: 'RS_ERROR_WRONG_CURRENCY',
  insufficient_balance: 'RS_ERROR_NOT_ENOUGH_MONEY',
  seamless_transaction_conflict: 'RS_ERROR_DUPLICATE_TRANSACTION',
  seamless_bet_rolled_back: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
  seamless_bet_not_found: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  seamless_bet_settled: 'RS_ERROR_UNKNOWN',
  seamless_player_blocked: 'RS_ERROR_USER_DISABLED',
  seamless_game_not_served: 'RS_ERROR_INVALID_GAME',
  // The shape has no status of its own for a closed site; the code says system_maintenance.
  system_maintenance: 'RS_ERROR_UNKNOWN',
  free_rounds_none: 'RS_ERROR_UNKNOWN',
  bad_request: 'RS_ERROR_WRONG_SYNTAX',
};
const hub88StatusOfCode = (code: string): Hub88Status =>
  (hub88StatusOf as Record<string, Hub88Status>)[code] ?? 'RS_ERROR_UNKNOWN';

const hub88ParamsSchema = z.object({ provider: z.string().min(1).max(32) });
const hub88HeadersSchema = z.object({
  [seamlessHeaders.hub88Signature]: z
    .string()
    .optional()
    .describe('base64 HMAC-SHA256(secret, raw body)'),
});

/**
 * The same wallet in a published aggregator's shape (Hub88-style): every reply HTTP 200 with a
 * status, the user's balance and the request's uuid. A provider row with shape 'hub88' and its
 * secret is all a real aggregator of this shape needs.
 */
export const hub88Routes: FastifyPluginAsyncZod<{ seamless: SeamlessService }> = async (
  app,
  { seamless },
) => {
  keepRawJson(app);
  app.addHook('preValidation', async (request) => {
    const params = request.params as { provider?: string };
    const provider = await seamless.verifyHub88({
      providerCode: params.provider ?? '',
      signature: headerText(request, seamlessHeaders.hub88Signature),
      rawBody: rawBodyOf(request),
      ip: request.ip,
    });
    callOf.set(request, { rawBody: rawBodyOf(request), provider });
  });
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const body = request.body as Record<string, unknown> | undefined;
    const uuid = typeof body?.request_uuid === 'string' ? body.request_uuid : '';
    let status: Hub88Status;
    let balance: string | null;
    let code: string;
    if (error instanceof SeamlessRefusal) {
      status = hub88StatusOfCode(error.code);
      balance = error.balance === null ? null : error.balance.toString();
      code = error.code;
    } else {
      const validation = hasZodFastifySchemaValidationErrors(error) || error.validation;
      const badInput = validation || error.statusCode === 400;
      status = badInput ? 'RS_ERROR_WRONG_TYPES' : 'RS_ERROR_UNKNOWN';
      code = badInput ? 'bad_request' : 'system_error';
      if (!badInput) request.log.error({ err: error }, 'hub88 call failed');
      balance = await balanceOfCall(request, seamless, 'token', 'user').catch(() => null);
    }
    const answer: Hub88Reply = {
      success: false,
      status,
      code,
      message: translate(request.language, code as Parameters<typeof translate>[1]),
      request_uuid: uuid,
      balance: balance === null ? 0 : Number(balance),
      currency: seamless.currency,
      ...(typeof body?.user === 'string' ? { user: body.user } : {}),
    };
    return reply.code(200).send(answer);
  });

  const common = {
    tags: ['seamless'],
    params: hub88ParamsSchema,
    headers: hub88HeadersSchema,
    // Refusals of the wallet are 200 with a status; input the framework refuses before the
    // handler (a path past the router's limit) is the failure envelope.
    response: rawReplies({ 200: hub88ReplySchema }),
  };
  const route = { config: { rateLimit: false } } as const;
  const player = (request: FastifyRequest, token: string, user: string, allowExpired: boolean) =>
    seamless.sessionOrLaunch(providerOf(request), token, user, allowExpired);
  const answer = (
    uuid: string,
    user: string,
    result: { balance: string | null; transactionId?: string },
  ): Hub88Reply => ({
    success: true,
    status: 'RS_OK',
    request_uuid: uuid,
    user,
    currency: seamless.currency,
    balance: Number(result.balance ?? '0'),
    ...(result.transactionId ? { transaction_uuid: result.transactionId } : {}),
  });

  app.post(
    hub88Paths.userInfo,
    {
      ...route,
      schema: {
        ...common,
        summary: 'Hub88 shape: user info',
        description: hub88Descriptions.userInfo,
        body: hub88UserBodySchema,
      },
    },
    async (request) => {
      const { token, user, request_uuid } = request.body;
      const { memberId } = await player(request, token, user, true);
      const balance = await seamless.mainBalance(memberId);
      return { ...answer(request_uuid, user, { balance: balance.toString() }), country: 'IN' };
    },
  );
  app.post(
    hub88Paths.balance,
    {
      ...route,
      schema: {
        ...common,
        summary: 'Hub88 shape: balance',
        description: hub88Descriptions.balance,
        body: hub88UserBodySchema,
      },
    },
    async (request) => {
      const { token, user, request_uuid } = request.body;
      const { memberId } = await player(request, token, user, true);
      const balance = await seamless.mainBalance(memberId);
      return answer(request_uuid, user, { balance: balance.toString() });
    },
  );
  /**
   * A Hub88-shaped transaction as our call: its ids, the provider, and the binding of a token
   * that may still be a launch token; answered in the Hub88 shape.
   */
  type Hub88Transaction = {
    token: string;
    user: string;
    request_uuid: string;
    transaction_uuid: string;
    round: string;
  };
  const transaction = async (
    request: FastifyRequest<{ Body: Hub88Transaction }>,
    run: (
      provider: ProviderRow,
      ids: { sessionToken: string; playerId: string; transactionId: string; roundId: string },
      bind: () => Promise<unknown>,
    ) => Promise<TransactionReply>,
  ) => {
    const body = request.body;
    const result = await run(
      providerOf(request),
      {
        sessionToken: body.token,
        playerId: body.user,
        transactionId: body.transaction_uuid,
        roundId: body.round,
      },
      () => player(request, body.token, body.user, true),
    );
    return answer(body.request_uuid, body.user, result);
  };

  app.post(
    hub88Paths.bet,
    {
      ...route,
      schema: {
        ...common,
        summary: 'Hub88 shape: bet',
        description: hub88Descriptions.bet,
        body: hub88BetBodySchema,
      },
    },
    async (request) =>
      transaction(request, (provider, ids, bind) =>
        seamless.bet(
          provider,
          {
            ...ids,
            gameCode: request.body.game_code,
            amount: String(request.body.amount),
            currency: request.body.currency,
          },
          bind,
        ),
      ),
  );
  app.post(
    hub88Paths.win,
    {
      ...route,
      schema: {
        ...common,
        summary: 'Hub88 shape: win',
        description: hub88Descriptions.win,
        body: hub88WinBodySchema,
      },
    },
    async (request) =>
      transaction(request, (provider, ids, bind) =>
        seamless.win(
          provider,
          {
            ...ids,
            betTransactionId: request.body.reference_transaction_uuid,
            gameCode: request.body.game_code,
            amount: String(request.body.amount),
            currency: request.body.currency,
          },
          bind,
        ),
      ),
  );
  app.post(
    hub88Paths.rollback,
    {
      ...route,
      schema: {
        ...common,
        summary: 'Hub88 shape: rollback',
        description: hub88Descriptions.rollback,
        body: hub88RollbackBodySchema,
      },
    },
    async (request) =>
      transaction(request, (provider, ids, bind) =>
        seamless.rollback(
          provider,
          { ...ids, betTransactionId: request.body.reference_transaction_uuid },
          bind,
        ),
      ),
  );
};
