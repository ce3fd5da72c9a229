import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * onRequest hook of operator-only pages a browser opens (the development outbox, the sandbox
 * gateway's approve and decline): the operator guard, and on refusal the Basic challenge, so
 * the browser asks for the operator's name and password instead of showing a bare 401.
 */
export function requireOperatorPage(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await app.requireOperator(request);
    } catch (error) {
      void reply.header('www-authenticate', 'Basic realm="operator", charset="UTF-8"');
      throw error;
    }
  };
}
