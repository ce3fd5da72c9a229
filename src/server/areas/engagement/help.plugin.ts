import type { FastifyInstance } from 'fastify';

/** The help part of the engagement area (issue 16). */
export async function helpPlugin(app: FastifyInstance): Promise<void> {
  void app;
}
