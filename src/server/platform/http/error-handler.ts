import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, FailureDetail } from '../../../contract/envelope.ts';
import { translate, type MessageKey } from '../i18n/messages.ts';
import { AppError } from '../errors.ts';

function fail(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  key: MessageKey = code,
  vars: Record<string, string> = {},
  detail?: FailureDetail,
) {
  return reply.code(status).send({
    success: false,
    code,
    message: translate(request.language, key, vars),
    ...(detail ? { detail } : {}),
  });
}

/** The field a validation error names: body.title, query.host, ... */
function fieldOf(error: FastifyError): string {
  const [first] = error.validation ?? [];
  const context = error.validationContext ?? 'request';
  const path = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const params = first?.params as { issue?: { path?: PropertyKey[] } } | undefined;
  const issuePath = params?.issue?.path?.map(String).join('.');
  return issuePath || path || context;
}

/**
 * One envelope for every failure: AppErrors as they say, bad input 400 naming the field, other
 * client errors with their status, everything else a 500 with no internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'ops_unauthorized') {
        void reply.header('www-authenticate', 'Basic realm="ops", charset="UTF-8"');
      }
      return fail(
        request,
        reply,
        error.statusCode,
        error.code,
        error.messageKey,
        error.vars,
        error.detail,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return fail(request, reply, 400, 'bad_request', 'bad_field', { field: fieldOf(error) });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return fail(request, reply, 429, 'too_many_requests');
    if (status === 404) return fail(request, reply, 404, 'not_found');
    if (status >= 400 && status < 500) return fail(request, reply, status, 'bad_request');
    request.log.error({ err: error }, 'request failed');
    return fail(request, reply, 500, 'system_error');
  });
}
