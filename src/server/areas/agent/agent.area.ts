import fp from 'fastify-plugin';
import { createCenterService, realtimeWindowSeconds } from './center.service.ts';
import { centerRoutes } from './center.routes.ts';
import { createContractsService } from './contracts.service.ts';
import { contractsRoutes } from './contracts.routes.ts';
import { createAgentOpsService } from './agent-ops.service.ts';
import { agentOpsRoutes } from './agent-ops.routes.ts';
import { createRegisterCenterService } from './register-center.service.ts';
import { registerCenterRoutes } from './register-center.routes.ts';
import { createTransferService } from './transfer.service.ts';
import { transferRoutes } from './transfer.routes.ts';
import { createMemberSecrets } from '../../platform/members/member-secrets.ts';
import { agentDemoSeedSteps } from './agent.seed-steps.ts';
import { reportsPlugin } from './reports.routes.ts';
import { livePlugin } from './live.routes.ts';
import { registerWageJobs } from './wage-jobs.ts';

/**
 * Agents (issue 15): the downline tree (closure table), the agent center's calls (center,
 * registerCenter, invitation, transfer to a downline, team reports), the four wage contracts'
 * workflow with its `contract` events, operator root contracts and announcements, and the wage
 * settlement jobs. Every agent route runs `app.requireAgent` and acts only on the caller's team
 * (access.ts).
 */
export const agentArea = fp(
  async (app) => {
    const { db } = app.database;
    const { clock, config } = app;
    // A development start (not tests, not production) gets the demo agent's contracts.
    if (config.nodeEnv === 'development') await app.seed(agentDemoSeedSteps);
    const center = createCenterService({ db, config, system: app.system });
    await app.register(centerRoutes, { center });
    const contracts = createContractsService({
      db,
      clock,
      system: app.system,
      publisher: app.realtime.publisher,
      timeZone: config.operatorTimeZone,
      windowSeconds: realtimeWindowSeconds(config),
    });
    await app.register(contractsRoutes, { contracts });
    const ops = createAgentOpsService({ db, clock });
    await app.register(agentOpsRoutes, { contracts, ops });
    const registerCenter = createRegisterCenterService({ db, clock, config, system: app.system });
    await app.register(registerCenterRoutes, { registerCenter });
    const transfers = createTransferService({
      db,
      ledger: app.wallet.ledger,
      secrets: createMemberSecrets({ db, clock }),
    });
    await app.register(transferRoutes, { transfers });
    await app.register(reportsPlugin);
    await app.register(livePlugin);
    registerWageJobs(app);
  },
  {
    name: 'agent',
    dependencies: ['platform', 'system', 'identity', 'wallet'],
    fastify: '5.x',
  },
);
