import type { FastifyInstance } from 'fastify';
import { unstorableTextPath } from '../../../contract/primitives.ts';
import { AppError } from '../errors.ts';

const parts = [
  ['params', 'params'],
  ['querystring', 'query'],
  ['body', 'body'],
] as const;

/**
 * Throws 400 bad_request ("bad_text", naming the field) when a parsed JSON value holds a string
 * or key PostgreSQL text cannot store; `field` names the whole value when it is itself one.
 *
 * @example
 * refuseUnstorableText(JSON.parse(rawBody), 'body');
 */
export function refuseUnstorableText(value: unknown, field: string): void {
  const path = unstorableTextPath(value);
  if (path !== null) throw new AppError(400, 'bad_request', 'bad_text', { field: path || field });
}

/**
 * The one boundary check of text: before any route schema runs, every string of the path
 * parameters, the query string and the JSON body (keys included) must be text PostgreSQL can
 * store, else 400 bad_request naming the field ("bad_text"). So a NUL or a lone surrogate never
 * reaches a query, on every route, present and future. The `enc` payloads get the same check
 * after decryption (keys/enc-payload.ts), raw bodies where they are parsed (the payment webhook).
 */
export function registerTextGuard(app: FastifyInstance): void {
  // A callback hook: a GET without parameters or query string costs no promise.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      for (const [context, key] of parts) refuseUnstorableText(request[key], context);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
