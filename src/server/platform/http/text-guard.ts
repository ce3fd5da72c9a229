import type { FastifyInstance } from 'fastify';
import { unstorableTextPath } from '../../../contract/primitives.ts';
import { AppError } from '../errors.ts';

const parts = [
  ['params', 'params'],
  ['querystring', 'query'],
  ['body', 'body'],
] as const;

/**
 * The one boundary check of text: before any route schema runs, every string of the path
 * parameters, the query string and the JSON body (keys included) must be text PostgreSQL can
 * store, else 400 bad_request naming the field ("bad_text"). So a NUL or a lone surrogate never
 * reaches a query, on every route, present and future. The `enc` payloads get the same check
 * after decryption (keys/enc-payload.ts).
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [context, key] of parts) {
      const path = unstorableTextPath(request[key]);
      if (path !== null) {
        throw new AppError(400, 'bad_request', 'bad_text', { field: path || context });
      }
    }
  });
}
