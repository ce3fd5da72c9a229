import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import * as z from 'zod/mini';
import { failureEnvelopeSchema } from '../../../contract/envelope.ts';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route makes a session or moves money (a login, a registration, a launch, a bet, a
     * transfer, a deposit, a withdrawal, a claim): while the site is in maintenance it answers
     * 503 system_maintenance before anything else runs, and the document lists that 503.
     */
    stopsInMaintenance?: boolean;
  }
  interface FastifyInstance {
    /** The system area hands the maintenance switch to the platform (once, at registration). */
    provideMaintenanceCheck: (inMaintenance: () => Promise<boolean>) => void;
  }
}

/** The documented refusal of every route that stops in maintenance. */
const maintenanceReplySchema = failureEnvelopeSchema.check(
  z.describe(
    'system_maintenance: the site is in maintenance (the operator switch of the system status): no new sessions, launches, bets, transfers or other money actions until it ends',
  ),
);

/**
 * Maintenance stops play in one place: each route that makes a session or moves money declares
 * `config: { stopsInMaintenance: true }`, and this hook puts the check first on it (before its
 * guard, so a refused call reads no session and writes nothing) and lists the 503 in its
 * document. The platform owns the hook; the system area, which owns the switch, provides the
 * predicate (cached site settings). Settlement jobs, provider wins and rollbacks and the
 * operator's calls declare nothing and go on; a money path that is not a route of its own asks
 * the system port (`app.system.inMaintenance()`).
 */
export function registerMaintenanceStop(app: FastifyInstance): void {
  let inMaintenance: (() => Promise<boolean>) | undefined;
  app.decorate('provideMaintenanceCheck', (check: () => Promise<boolean>) => {
    inMaintenance = check;
  });
  const stop: onRequestHookHandler = async () => {
    if (!inMaintenance) throw new Error('the system area has not provided its maintenance check');
    if (await inMaintenance()) throw new AppError(503, 'system_maintenance');
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.stopsInMaintenance !== true) return;
    const own = route.onRequest;
    route.onRequest = [stop, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
    const schema = route.schema ?? {};
    const response = (schema.response ?? {}) as Record<string, unknown>;
    route.schema = { ...schema, response: { ...response, 503: maintenanceReplySchema } };
  });
}
