import fp from 'fastify-plugin';
import { hashMemberPassword } from '../../platform/members/member-password.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { createMessageProviders } from './providers.ts';
import { devRoutes } from './dev.routes.ts';
import { verificationRoutes } from './verification.routes.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SessionEnds } from '../../platform/members/session-end.ts';
import { createOutboxService } from './outbox.service.ts';
import { createPasswordResetService } from './verification-reset.service.ts';
import { createVerificationService } from './verification.service.ts';
import { createHumanVerificationService } from './human-verification.service.ts';
import { createCaptchaService } from './captcha.service.ts';
import { captchaRoutes } from './captcha.routes.ts';
import { humanVerificationRoutes } from './human-verification.routes.ts';
import type { VerificationPort } from './verification.port.ts';

/**
 * One-time codes, SMS and e-mail: the providers the configuration names and the services over
 * them. The identity services take `verification` (checkCode) from here.
 */
export function createVerificationArea(
  config: Config,
  deps: {
    db: Db;
    clock: Clock;
    log: { warn(object: object, message: string): void };
    sessionEnds: SessionEnds;
  },
) {
  const providers = createMessageProviders(config, deps);
  return {
    providers,
    outbox: createOutboxService({ db: deps.db }),
    verification: createVerificationService({
      db: deps.db,
      clock: deps.clock,
      sms: providers.sms,
      email: providers.email,
      codeMinutes: config.verification.codeMinutes,
      captchaRequired: config.verification.captchaRequired,
      log: deps.log,
    }),
    passwordReset: createPasswordResetService({
      db: deps.db,
      clock: deps.clock,
      email: providers.email,
      hashPassword: hashMemberPassword,
      publicUrl: config.publicUrl,
      log: deps.log,
      sessionEnds: deps.sessionEnds,
    }),
  };
}

export type VerificationArea = ReturnType<typeof createVerificationArea>;

/**
 * The verification area: captchas, the human check, one-time codes by SMS and e-mail with their
 * providers, password-reset tokens, and (outside production) the outbox page. Other areas send
 * and check codes through `app.verification`.
 */
export const verificationArea = fp(
  async (app) => {
    const { config, clock } = app;
    const { db } = app.database;
    const area = createVerificationArea(config, {
      db,
      clock,
      log: app.log,
      sessionEnds: app.sessionEnds,
    });
    app.addHook('onClose', async () => area.providers.close());
    const captcha = createCaptchaService({ db, clock });
    const humanVerification = createHumanVerificationService({
      db,
      clock,
      enabled: config.humanVerification.enabled,
    });
    await app.register(captchaRoutes, { captcha });
    await app.register(humanVerificationRoutes, { humanVerification });
    await app.register(verificationRoutes, {
      verification: area.verification,
      passwordReset: area.passwordReset,
      humanVerification,
    });
    if (config.nodeEnv !== 'production') await app.register(devRoutes, { outbox: area.outbox });
    const port: VerificationPort = { verification: area.verification, humanVerification };
    app.decorate('verification', port);
  },
  { name: 'verification', dependencies: ['platform', 'system'], fastify: '5.x' },
);
