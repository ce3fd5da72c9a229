import type { FastifyInstance } from 'fastify';

/** The loyalty part of the engagement area (issue 16). */
export async function loyaltyPlugin(app: FastifyInstance): Promise<void> {
  void app;
}
