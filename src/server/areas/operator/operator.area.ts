import fp from 'fastify-plugin';
import { createOperatorService } from './operator.service.ts';
import { operatorSeedSteps } from './operator.seed-steps.ts';
import { demoOperatorPassword } from '../../config.ts';

/**
 * Operator accounts: makes sure the configured operator exists and hands the credential check to
 * the platform's `requireOperator` guard. The operator routes live with the area they operate.
 */
export const operatorArea = fp(
  async (app) => {
    await app.seed(
      operatorSeedSteps({
        opsUsername: app.config.opsUsername,
        opsPassword: app.config.opsPassword,
        production: app.config.nodeEnv === 'production',
        demoPassword: demoOperatorPassword,
      }),
    );
    app.provideOperatorAuth(createOperatorService({ db: app.database.db, clock: app.clock }));
  },
  { name: 'operator', dependencies: ['platform'], fastify: '5.x' },
);
