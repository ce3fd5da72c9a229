import fp from 'fastify-plugin';
import { createCenterService } from './center.service.ts';
import { centerRoutes } from './center.routes.ts';
import { reportsPlugin } from './reports.routes.ts';

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
    const center = createCenterService({ db, config: app.config, system: app.system });
    await app.register(centerRoutes, { center });
    await app.register(reportsPlugin);
  },
  {
    name: 'agent',
    dependencies: ['platform', 'system', 'identity', 'wallet'],
    fastify: '5.x',
  },
);
