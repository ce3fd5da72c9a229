import type { FastifyInstance } from 'fastify';

/** The missions part of the engagement area (issue 16). */
export async function missionsPlugin(app: FastifyInstance): Promise<void> {
  void app;
}
