import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { systemClock, type Clock } from './clock.ts';
import { openDatabase, type Database } from './db/client.ts';
import type { TemplateSeed } from './db/pglite-template.ts';
import { seederFor } from './seed/seed.ts';
import { createKeyService, type KeyService } from './keys/keys.service.ts';
import { createEncService, type EncService } from './keys/enc-payload.ts';
import { createOutcomeKeys, developmentOutcomeKey, type OutcomeKeys } from './keys/outcome-keys.ts';
import { developmentSecretKey } from './keys/secret-box.ts';
import { registerRequestContext } from './http/request-context.ts';
import { registerAuth } from './http/auth.ts';
import { registerMaintenanceStop } from './http/maintenance-stop.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerTextGuard } from './http/text-guard.ts';
import { registerRealtime } from './realtime/realtime.plugin.ts';
import { createScheduler, type Scheduler } from './scheduler/scheduler.ts';
import { jobRunsPruneJob } from './scheduler/job-runs-prune.ts';
import { registerRateLimit } from './rate-limit/rate-limit.plugin.ts';
import type { HitBatcher } from './rate-limit/rate-limit.store.ts';
import { createSessionEnds, type SessionEnds } from './members/session-end.ts';
import { createMemberCache, type MemberCache } from './members/member-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    database: Database;
    /** The server's key pair (JWE payloads of the identity forms). */
    keys: KeyService;
    /** Decrypts the `enc` payloads of the identity, security and withdrawal forms. */
    enc: EncService;
    /**
     * The keys the secrets deciding outcomes are derived under (OUTCOME_KEYS; outside
     * production unset, one made from DATA_DIR/dev-secret.key): never in the database.
     */
    outcomeKeys: OutcomeKeys;
    /**
     * Scheduled work, once per (job, period) across nodes and restarts: areas `register` their
     * jobs while they load; it starts (with the catch-up of missed periods) when the app is
     * ready and stops before the database closes.
     */
    scheduler: Scheduler;
    /**
     * The one way player sessions end (logout, password change or reset, disabling, expiry):
     * revoked in the caller's transaction, their sockets cut on every node after the commit.
     */
    sessionEnds: SessionEnds;
    /**
     * This node's cache of the member info and balance calls (session, member, balance): the
     * areas that change a member, end a session or post call it; it tells the other nodes.
     */
    memberCache: MemberCache;
  }
}

export type PlatformOptions = {
  config: Config;
  /** An open database; when given, the caller closes it. Otherwise the platform opens one. */
  database?: Database;
  clock?: Clock;
  /** Seed steps a fresh PGlite directory takes already run from a seeded template. */
  templateSeed?: TemplateSeed;
};

/**
 * What every area uses and no area owns: the configuration, the clock, the migrated database and
 * the seed runner, the HTTP rate limits (counted in the database), the server keys, the request context (language, client IP and country), the
 * operator and member guards (the operator and identity areas supply their lookups), the error
 * handler, the socket.io gateway with its publisher (`app.realtime.publisher`), and the job
 * scheduler (`app.scheduler`).
 */
export const platform = fp<PlatformOptions>(
  async (app, { config, database: given, clock = systemClock, templateSeed }) => {
    const database =
      given ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        pgliteDir: config.pgliteDir,
        templateSeed,
      }));
    const scheduler = createScheduler({
      db: database.db,
      clock,
      log: app.log,
      timeZone: config.operatorTimeZone,
    });
    scheduler.register(jobRunsPruneJob(config.jobRunsRetentionHours));
    // The default rate limit's pending hits go to the database before it closes.
    const pending: { rateLimitHits?: HitBatcher } = {};
    app.addHook('onClose', async () => {
      await scheduler.stop();
      await pending.rateLimitHits?.close().catch((error: unknown) => {
        app.log.warn({ err: error }, 'rate limit hits not synced at close');
      });
      if (!given) await database.close();
    });
    await database.migrateAndRun(async () => {});
    app.decorate('config', config);
    app.decorate('clock', clock);
    app.decorate('database', database);
    app.decorate('seed', seederFor(database));
    app.decorate('scheduler', scheduler);
    app.addHook('onReady', async () => {
      await scheduler.start();
    });
    // The request context first: the rate limit counts by its client IP (read once).
    registerRequestContext(app, config);
    pending.rateLimitHits = await registerRateLimit(app, { db: database.db, scheduler });
    const keys = createKeyService({ db: database.db });
    await keys.ensure();
    app.decorate('keys', keys);
    app.decorate('enc', createEncService({ keys }));
    app.decorate(
      'outcomeKeys',
      createOutcomeKeys(
        config.outcomeKeys ?? [
          developmentOutcomeKey(await developmentSecretKey(join(config.dataDir, 'dev-secret.key'))),
        ],
      ),
    );
    registerAuth(app);
    registerMaintenanceStop(app);
    registerTextGuard(app);
    registerErrorHandler(app);
    // The gateway authenticates sockets through the member check the identity area provides.
    const heard: { cache?: MemberCache } = {};
    const gateway = registerRealtime(app, config, {
      db: database.db,
      clock,
      sessions: app.memberAuth,
      memberNews: {
        heard: (news) => heard.cache?.heard(news),
        balanceEventsHeard: (ids) => heard.cache?.balanceEventsHeard(ids),
      },
    });
    // Kept only where every node hears every change: one PGlite process, or the adapter on.
    const memberCache = createMemberCache({
      ttlMs: database.driver === 'pglite' || gateway.crossNode ? config.memberCacheMs : 0,
      tell: (news) => gateway.tellNodes(news),
    });
    heard.cache = memberCache;
    app.decorate('memberCache', memberCache);
    app.decorate(
      'sessionEnds',
      createSessionEnds({
        db: database.db,
        clock,
        cutSockets: (sessionIds) => {
          memberCache.sessionsEnded(sessionIds);
          gateway.disconnectSessions(sessionIds);
        },
        membersChanged: (memberIds) => memberCache.membersChanged(memberIds),
      }),
    );
  },
  { name: 'platform', fastify: '5.x' },
);
