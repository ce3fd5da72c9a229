import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './platform/db/client.ts';
import type { TemplateSeed } from './platform/db/pglite-template.ts';
import type { Clock } from './platform/clock.ts';
import { lazyChildLoggerFactory } from './platform/http/lazy-child-logger.ts';
import { errorSerializer, redactLogObject } from './platform/log-redaction.ts';
import { translate } from './platform/i18n/messages.ts';
import { registerStatic } from './platform/http/static.ts';
import { registerCompression } from './platform/http/compression.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { registerCookies } from './platform/http/cookies.ts';
import { requestLanguage, trustedProxy } from './platform/http/request-context.ts';
import { replySerializerCompiler } from './platform/http/reply-serializer.ts';
import { platform } from './platform/platform.plugin.ts';
import { systemArea, systemTemplateSeedSteps } from './areas/system/system.area.ts';
import { operatorArea } from './areas/operator/operator.area.ts';
import { verificationArea } from './areas/verification/verification.area.ts';
import { identityArea } from './areas/identity/identity.area.ts';
import { walletArea } from './areas/wallet/wallet.area.ts';
import { messagesArea } from './areas/messages/messages.area.ts';
import { depositArea } from './areas/deposit/deposit.area.ts';
import { withdrawalArea } from './areas/withdrawal/withdrawal.area.ts';
import { gamesArea, gamesTemplateSeedSteps } from './areas/games/games.area.ts';
import { lotteryArea } from './areas/lottery/lottery.area.ts';
import { agentArea } from './areas/agent/agent.area.ts';
import { engagementArea } from './areas/engagement/engagement.area.ts';
import { builtinGamesProvider } from './providers/builtin-games/builtin-games.plugin.ts';

/**
 * The seed steps that write the same rows on every install (no secrets, clock or settings but
 * the catalog's size): the vendors and the demo games catalog. A fresh PGlite directory copies
 * their rows from a seeded template (platform/db/pglite-template.ts; `npm run build` makes the
 * bundle's) instead of running them: the catalog's 10,000 rows and trigram index were most of a
 * first start's seeding. A PostgreSQL database, or a directory already there, runs them at the
 * start like every other step.
 */
export function demoTemplateSeed(demoCatalog: Config['demoCatalog']): TemplateSeed {
  return {
    name: `demo-${demoCatalog}`,
    steps: [...systemTemplateSeedSteps, ...gamesTemplateSeedSteps(demoCatalog)],
  };
}

function answerFrameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = requestLanguage(request.url, request.headers['accept-language']);
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
 * The whole server as one Fastify instance, in this order: external plugins, the platform
 * (database, seed runner, keys, request context, guards, errors, socket gateway), one plugin per
 * area (areas/<area>/<area>.area.ts), then the built app with history fallback.
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
        // Errors without a failed query's parameters, and no e-mail address anywhere.
        err: errorSerializer,
      },
      formatters: { log: (object) => redactLogObject(object) as Record<string, unknown> },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // The per-request pino child is made only when a line is written (lazy-child-logger.ts).
    childLoggerFactory: lazyChildLoggerFactory,
    trustProxy: config.trustProxy.length > 0 ? trustedProxy(config.trustProxy) : false,
    bodyLimit: 256 * 1024,
    // The platform migrates and the areas seed while they register (as buildApp did before the
    // areas were plugins): no plugin start deadline, which a cold PGlite can miss.
    pluginTimeout: 0,
    // Malformed URLs and headers fail before any hook runs; answer them in the envelope too.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Replies are JSON.stringify'd; outside production each is also held to its schema.
  app.setSerializerCompiler(replySerializerCompiler({ checked: config.nodeEnv !== 'production' }));

  // 1. External plugins.
  // Helmet's headers (CSP and the rest), worked out once at start (platform/http/security-headers.ts).
  registerSecurityHeaders(app);
  // Cookies without a hook on every request (platform/http/cookies.ts).
  registerCookies(app);
  // Replies compressed where it pays (platform/http/compression.ts).
  await registerCompression(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Site API',
        description: 'Player API (/wps, /lgw) and operator API (/ops).',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          opsBasic: {
            type: 'http',
            scheme: 'basic',
            description:
              'Operator credentials. Five wrong passwords for a name from one address lock ' +
              'that name from that address, twenty lock the address, a hundred from anywhere ' +
              'lock the name (below that each check of the name is slowed): 429 ops_locked. ' +
              "While locked, the right password with a current code of the operator's " +
              'authenticator in the X-Ops-OTP header passes and ends those locks.',
          },
          opsOtp: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Ops-OTP',
            description:
              "A current code (6 digits) of the operator's authenticator, bound through " +
              '/ops/operator/totp; read beside HTTP Basic only while the sign-in is locked, ' +
              'each code once.',
          },
          bearer: { type: 'http', scheme: 'bearer', description: 'Player session token' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // The schemas with an id (recursive ones) land in components.schemas, where $refs point.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  try {
    // 2. The platform: database, rate limits (counted in the database), seed runner, keys,
    // request context, guards, errors, gateway.
    await app.register(platform, {
      config,
      database: deps.database,
      clock: deps.clock,
      templateSeed: demoTemplateSeed(config.demoCatalog),
    });

    // 3. The areas, each one plugin with its routes, jobs and port (dependencies before users).
    await app.register(systemArea);
    await app.register(operatorArea);
    await app.register(verificationArea);
    await app.register(identityArea);
    await app.register(walletArea);
    await app.register(messagesArea);
    // Before deposit: a deposit credit pushes the red badges through the engagement port.
    await app.register(engagementArea);
    await app.register(depositArea);
    await app.register(withdrawalArea);
    await app.register(gamesArea);
    await app.register(lotteryArea);
    await app.register(agentArea);
    // The built-in game provider: our server, but the wallet only over the seamless API.
    await app.register(builtinGamesProvider);

    // 4. The built app and the history-mode fallback.
    await registerStatic(app, config);
  } catch (error) {
    // A start refused half way (a bad database, demo passwords in production...) still
    // releases what the registered plugins opened (database pools, the real-time adapter).
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}
