import type { FastifyInstance } from 'fastify';
import { hashMemberPassword } from '../identity/identity-password.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { createMessageProviders } from './providers.ts';
import { devRoutes } from './dev.routes.ts';
import { verificationRoutes } from './verification.routes.ts';
import type { Clock } from '../../platform/clock.ts';
import { createOutboxService } from './outbox.service.ts';
import { createPasswordResetService } from './verification-reset.service.ts';
import { createVerificationService } from './verification.service.ts';
import type { HumanVerificationService } from './human-verification.service.ts';

/**
 * One-time codes, SMS and e-mail: the providers the configuration names and the services over
 * them. The identity services take `verification` (checkCode) from here.
 */
export function createVerificationArea(
  config: Config,
  deps: { db: Db; clock: Clock; log: { warn(object: object, message: string): void } },
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
    }),
  };
}

export type VerificationArea = ReturnType<typeof createVerificationArea>;

/** The area's routes; the outbox page only outside production. */
export async function registerVerificationRoutes(
  app: FastifyInstance,
  config: Config,
  area: VerificationArea,
  humanVerification: Pick<HumanVerificationService, 'verify'>,
): Promise<void> {
  app.addHook('onClose', async () => area.providers.close());
  await app.register(verificationRoutes, {
    verification: area.verification,
    passwordReset: area.passwordReset,
    humanVerification,
  });
  if (config.nodeEnv !== 'production') await app.register(devRoutes, { outbox: area.outbox });
}
