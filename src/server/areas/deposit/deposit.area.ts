import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { paymentWebhookPath } from '../../../contract/deposit.ts';
import { memberCenterQueryKey } from '../../../contract/member-center.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { createHttpPaymentProvider } from './http-payment.provider.ts';
import type { PaymentProvider } from './payment.provider.ts';
import { createSandboxGateway, sandboxGatewayBase } from './sandbox-gateway.ts';
import type { Publisher } from '../../platform/realtime/publisher.ts';
import { depositOpsRoutes, depositRoutes, paymentWebhookRoutes } from './deposit.routes.ts';
import { sandboxGatewayRoutes } from './sandbox-gateway.routes.ts';
import type { Clock } from '../../platform/clock.ts';
import { createDepositService } from './deposit.service.ts';
import type { WalletPort } from '../wallet/wallet.port.ts';
import type { EngagementPort } from '../engagement/engagement.port.ts';
import { depositSeedSteps } from './deposit.seed-steps.ts';

/** This server's own address, for calls it makes to itself (the sandbox gateway). */
function selfUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening');
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The deposit area: its payment provider (the configured gateway, or the sandbox this server
 * serves under /sandbox/gateway), service and routes. The sandbox's pages and return links are
 * paths on this site, so the payer stays on the origin they came from; its webhook reaches this
 * server over HTTP like a real gateway's.
 */
async function createDepositArea(
  app: FastifyInstance,
  config: Pick<Config, 'payment' | 'publicUrl' | 'upi'>,
  deps: {
    db: Db;
    clock: Clock;
    ledger: WalletPort['ledger'];
    publisher: Publisher;
    badges: EngagementPort['badges'];
  },
) {
  const gateway = config.payment.gateway;
  const returnPath = (orderId: string) =>
    `/?${memberCenterQueryKey}=depositv2&depositOrder=${encodeURIComponent(orderId)}`;
  let provider: PaymentProvider | null = null;
  if (gateway?.mode === 'http') {
    provider = createHttpPaymentProvider({ ...gateway, timeoutMs: config.payment.timeoutMs });
  } else if (gateway?.mode === 'sandbox') {
    const sandbox = createSandboxGateway({
      db: deps.db,
      clock: deps.clock,
      key: gateway.key,
      webhookSecret: gateway.webhookSecret,
      timeoutMs: config.payment.timeoutMs,
    });
    await app.register(sandboxGatewayRoutes, { gateway: sandbox });
    provider = createHttpPaymentProvider({
      name: 'sandbox',
      url: '',
      key: gateway.key,
      webhookSecret: gateway.webhookSecret,
      timeoutMs: config.payment.timeoutMs,
      baseUrl: () => `${selfUrl(app)}${sandboxGatewayBase}`,
    });
  }
  const sandboxed = gateway?.mode === 'sandbox';
  const deposit = createDepositService({
    db: deps.db,
    clock: deps.clock,
    ledger: deps.ledger,
    publisher: deps.publisher,
    badges: deps.badges,
    provider,
    returnUrl: (orderId) =>
      sandboxed ? returnPath(orderId) : `${config.publicUrl}${returnPath(orderId)}`,
    notifyUrl: () => `${sandboxed ? selfUrl(app) : config.publicUrl}${paymentWebhookPath}`,
    webhookToleranceSeconds: config.payment.webhookToleranceSeconds,
    upi: config.upi,
    log: app.log,
  });
  await app.register(depositRoutes, { deposit });
  await app.register(paymentWebhookRoutes, { deposit });
  await app.register(depositOpsRoutes, { deposit });
  return deposit;
}

/** The deposit area as one plugin (payment channels are seeded here). */
export const depositArea = fp(
  async (app) => {
    await app.seed(depositSeedSteps);
    await createDepositArea(app, app.config, {
      db: app.database.db,
      clock: app.clock,
      ledger: app.wallet.ledger,
      publisher: app.realtime.publisher,
      badges: app.engagement.badges,
    });
  },
  {
    name: 'deposit',
    dependencies: ['platform', 'identity', 'wallet', 'engagement'],
    fastify: '5.x',
  },
);
