import { join } from 'node:path';
import fp from 'fastify-plugin';
import { createOperatorService } from './operator.service.ts';
import { createOperatorTotpService } from './operator-totp.service.ts';
import { operatorRoutes } from './operator.routes.ts';
import { operatorSeedSteps, resealOperatorTotpSecrets } from './operator.seed-steps.ts';
import { demoOperatorPassword } from '../../config.ts';
import { createSecretBox, developmentSecretKey } from '../../platform/keys/secret-box.ts';

/**
 * Operator accounts: makes sure the configured operator exists, hands the credential check to
 * the platform's `requireOperator` guard, and serves the operator's own authenticator
 * (/ops/operator/totp). The other operator routes live with the area they operate.
 */
export const operatorArea = fp(
  async (app) => {
    const { config } = app;
    const db = app.database.db;
    const secretBox = createSecretBox(
      config.totpKeys ?? [await developmentSecretKey(join(config.dataDir, 'dev-secret.key'))],
    );
    await app.seed([
      ...operatorSeedSteps({
        opsUsername: config.opsUsername,
        opsPassword: config.opsPassword,
        production: config.nodeEnv === 'production',
        demoPassword: demoOperatorPassword,
      }),
      resealOperatorTotpSecrets(secretBox),
    ]);
    const totp = createOperatorTotpService({ db, clock: app.clock, secretBox });
    app.provideOperatorAuth(createOperatorService({ db, clock: app.clock, totp }));
    await app.register(operatorRoutes, { totp });
  },
  { name: 'operator', dependencies: ['platform', 'system'], fastify: '5.x' },
);
