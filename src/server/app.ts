import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './platform/db/client.ts';
import { seed } from './platform/seed/seed.ts';
import { AppError } from './platform/errors.ts';
import { languageFromHeader, translate } from './platform/i18n/messages.ts';
import { createSystemService } from './areas/system/system.service.ts';
import { createSiteCache } from './areas/system/site-cache.ts';
import { createKeyService } from './platform/keys/keys.service.ts';
import { createCaptchaService } from './areas/verification/captcha.service.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { createMemberService } from './areas/identity/member.service.ts';
import { createOpsService } from './areas/operator/ops.service.ts';
import { createLedgerService } from './areas/wallet/ledger.service.ts';
import {
  createVerificationArea,
  registerVerificationRoutes,
} from './areas/verification/verification.area.ts';
import { createSessionService } from './areas/identity/session.service.ts';
import { createIdentityService } from './areas/identity/identity.service.ts';
import { createSecondFactorService } from './areas/identity/second-factor.service.ts';
import { createEncService } from './platform/keys/enc-payload.ts';
import { createHumanVerificationService } from './areas/verification/human-verification.service.ts';
import { createSocialLoginService } from './areas/identity/social-login.service.ts';
import { createSocialClients } from './areas/identity/oidc.provider.ts';
import type { Services } from './platform/services-bag.ts';
import { registerRequestContext } from './platform/http/request-context.ts';
import { registerAuth } from './platform/http/auth.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { isApiPath, registerStatic } from './platform/http/static.ts';
import { systemRoutes } from './areas/system/system.routes.ts';
import { captchaRoutes } from './areas/verification/captcha.routes.ts';
import { relayRoutes } from './areas/system/relay.routes.ts';
import { memberRoutes } from './areas/identity/member.routes.ts';
import { opsRoutes } from './areas/operator/ops.routes.ts';
import { walletOpsRoutes, walletRoutes } from './areas/wallet/wallet.routes.ts';
import { sessionRoutes } from './areas/identity/session.routes.ts';
import { secondFactorRoutes } from './areas/identity/second-factor.routes.ts';
import { registerRoutes } from './areas/identity/register.routes.ts';
import { humanVerificationRoutes } from './areas/verification/human-verification.routes.ts';
import { socialRoutes } from './areas/identity/social.routes.ts';
import { rememberRoutes } from './areas/identity/remember.routes.ts';
import { createRememberService } from './areas/identity/remember.service.ts';
import { notifyRoutes } from './areas/messages/notify.routes.ts';
import { createNotifyService } from './areas/messages/notify.service.ts';
import { registerRealtime } from './platform/realtime/realtime.plugin.ts';
import { balancePublisherFor } from './platform/realtime/balance-bridge.ts';
import type { BalancePublisher } from '../contract/wallet.ts';
import { passwordRoutes } from './areas/identity/password.routes.ts';
import { createDepositArea } from './areas/deposit/deposit.area.ts';
import { recordsOpsRoutes, recordsRoutes } from './areas/wallet/records.routes.ts';
import { createRecordsService } from './areas/wallet/records.service.ts';
import { messagesOpsRoutes, messagesRoutes } from './areas/messages/messages.routes.ts';
import { createMessagesService } from './areas/messages/messages.service.ts';
import { withdrawalOpsRoutes, withdrawalRoutes } from './areas/withdrawal/withdrawal.routes.ts';
import { createWithdrawalService } from './areas/withdrawal/withdrawal.service.ts';
import { startWithdrawalAutoConfirm } from './areas/withdrawal/withdrawal-auto-confirm.job.ts';
import { securityCenterRoutes } from './areas/identity/security-center.routes.ts';
import { createSecurityCenterService } from './areas/identity/security-center.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    services: Services;
  }
}

function answerFrameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = languageFromHeader(request.headers['accept-language']);
  void reply
    .code(400)
    .send({ success: false, code: 'bad_request', message: translate(language, 'bad_request') });
}

export type AppDeps = {
  /** An open database; when given, the caller closes it. Otherwise the app opens and closes one. */
  database?: Database;
  clock?: Clock;
  /** Where the pino logger writes (stdout by default); tests read the logs from here. */
  logStream?: DestinationStream;
};

/**
 * The whole server as one Fastify instance, in this order: external plugins, our capabilities
 * (database, request context, auth, errors), routes, then the built app with history fallback.
 *
 * @example
 * const app = await buildApp(loadConfig({ DATA_DIR: '/tmp/site' }));
 * const reply = await app.inject({ url: '/wps/system/status' });
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          'headers.authorization',
          'headers.cookie',
        ],
        censor: '[redacted]',
      },
      // Query strings stay out of the logs: a client may put a token or a code there.
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: request.url.split('?')[0],
          remoteAddress: request.ip,
        }),
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 256 * 1024,
    // Malformed URLs and headers fail before any hook runs; answer them in the envelope too.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // 1. External plugins.
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", 'https://www.googletagmanager.com'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", 'ws:', 'wss:', 'https:'],
        'frame-src': ["'self'", 'https:'],
        'object-src': ["'none'"],
        'frame-ancestors': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: true,
    max: 600,
    allowList: (request) => !isApiPath(request.url),
    timeWindow: '1 minute',
    errorResponseBuilder: () => new AppError(429, 'too_many_requests'),
  });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Site API',
        description: 'Player API (/wps, /lgw) and operator API (/ops).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          opsBasic: { type: 'http', scheme: 'basic', description: 'Operator credentials' },
          bearer: { type: 'http', scheme: 'bearer', description: 'Player session token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  // 2. Our capabilities.
  const database =
    deps.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir }));
  if (!deps.database) app.addHook('onClose', async () => database.close());
  await database.migrateAndRun((db) =>
    seed(db, { opsUsername: config.opsUsername, opsPassword: config.opsPassword }),
  );
  const clock = deps.clock ?? systemClock;
  const siteCache = createSiteCache({ ttlMs: config.siteCacheMs });
  // Set once the socket.io gateway exists (it needs the session service made below).
  const balanceSink: { publish?: BalancePublisher } = {};
  const services: Services = {
    system: createSystemService({ db: database.db, cache: siteCache }),
    keys: createKeyService({ db: database.db }),
    captcha: createCaptchaService({ db: database.db, clock }),
    member: createMemberService({ db: database.db, clock }),
    ops: createOpsService({ db: database.db, clock, onChange: siteCache.clear }),
    humanVerification: createHumanVerificationService({
      db: database.db,
      clock,
      enabled: config.humanVerification.enabled,
    }),
    // Balance changes go to the member's sockets once the gateway below is up.
    ledger: createLedgerService({
      db: database.db,
      publish: (event) => balanceSink.publish?.(event),
      onPublishError: (error) => app.log.error({ err: error }, 'balance event not published'),
    }),
  };
  const sessionService = createSessionService({
    db: database.db,
    clock,
    policy: { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours },
  });
  const verificationArea = createVerificationArea(config, { db: database.db, clock, log: app.log });
  const secondFactor = createSecondFactorService({
    db: database.db,
    clock,
    verification: verificationArea.verification,
  });
  const identity = {
    identity: createIdentityService({
      db: database.db,
      clock,
      sessions: sessionService,
      verification: verificationArea.verification,
      secondFactor,
      system: services.system,
    }),
    enc: createEncService({ keys: services.keys }),
    humanVerification: services.humanVerification,
  };
  const social = createSocialLoginService({
    db: database.db,
    clock,
    sessions: sessionService,
    system: services.system,
    clients: createSocialClients(config),
    publicUrl: config.publicUrl,
    log: app.log,
  });
  await services.keys.ensure();
  app.decorate('database', database);
  app.decorate('services', services);
  registerRequestContext(app, config);
  registerAuth(app, { ops: services.ops, session: sessionService });
  registerErrorHandler(app);
  // The socket.io gateway on this HTTP server; services publish through realtime.publisher.
  const realtime = registerRealtime(app, config, {
    db: database.db,
    clock,
    sessions: sessionService,
  });
  balanceSink.publish = balancePublisherFor(realtime.publisher);

  // 3. Routes.
  await app.register(systemRoutes, { services });
  await app.register(captchaRoutes, { services });
  await app.register(humanVerificationRoutes, { humanVerification: services.humanVerification });
  await app.register(relayRoutes, { services });
  await app.register(memberRoutes, { services });
  await app.register(opsRoutes, { services });
  await app.register(walletRoutes, { services });
  await app.register(walletOpsRoutes, { services });
  await registerVerificationRoutes(app, config, verificationArea, services.humanVerification);
  const secureCookie = config.publicUrl.startsWith('https:');
  const remember = createRememberService({ db: database.db, clock, identity: identity.identity });
  await app.register(sessionRoutes, { ...identity, realtime, remember, secureCookie });
  await app.register(rememberRoutes, { remember, secureCookie });
  await app.register(secondFactorRoutes, {
    secondFactor,
    enc: identity.enc,
    openSession: (passed, context) => identity.identity.openChallengedSession(passed, context),
  });
  await app.register(registerRoutes, identity);
  await app.register(socialRoutes, { social, secureCookie: config.publicUrl.startsWith('https:') });
  await app.register(passwordRoutes, identity);
  await app.register(securityCenterRoutes, {
    securityCenter: createSecurityCenterService({
      db: database.db,
      clock,
      verification: verificationArea.verification,
      secondFactor,
    }),
    enc: identity.enc,
  });

  const withdrawal = createWithdrawalService({
    db: database.db,
    clock,
    ledger: services.ledger,
    publisher: realtime.publisher,
    autoConfirmMinutes: config.withdrawalAutoConfirmMinutes,
  });
  await app.register(withdrawalRoutes, { withdrawal, enc: identity.enc });
  await app.register(withdrawalOpsRoutes, { withdrawal });
  const autoConfirmJob = startWithdrawalAutoConfirm(() => withdrawal.autoConfirm(), app.log);
  app.addHook('onClose', async () => autoConfirmJob.stop());

  await app.register(notifyRoutes, {
    notify: createNotifyService({ db: database.db, clock, publisher: realtime.publisher }),
  });

  // Member center records and transfers; platform messages with their unread events.
  const records = createRecordsService({
    db: database.db,
    clock,
    ledger: services.ledger,
    system: services.system,
  });
  await app.register(recordsRoutes, { records });
  await app.register(recordsOpsRoutes, { records });
  const messages = createMessagesService({
    db: database.db,
    clock,
    publisher: realtime.publisher,
    connectedMemberIds: async () => [
      ...new Set((await realtime.io.fetchSockets()).map((socket) => socket.data.memberId)),
    ],
    onPublishError: (error) => app.log.error({ err: error }, 'unread event not published'),
  });
  await app.register(messagesRoutes, { messages });
  await app.register(messagesOpsRoutes, { messages });

  await createDepositArea(app, config, {
    db: database.db,
    clock,
    ledger: services.ledger,
    publisher: realtime.publisher,
  });

  // 4. The built app and the history-mode fallback.
  await registerStatic(app, config);
  return app;
}
