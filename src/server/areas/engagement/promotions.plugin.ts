import type { FastifyInstance } from 'fastify';

/** The promotions part of the engagement area (issue 16). */
export async function promotionsPlugin(app: FastifyInstance): Promise<void> {
  void app;
}
