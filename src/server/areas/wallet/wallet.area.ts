import fp from 'fastify-plugin';
import { balancePublisherFor } from '../../platform/realtime/balance-bridge.ts';
import { createLedgerService } from './ledger.service.ts';
import { createRecordsService } from './records.service.ts';
import { createRecordRemarks } from './record-remarks.ts';
import { walletOpsRoutes, walletRoutes } from './wallet.routes.ts';
import { recordsOpsRoutes, recordsRoutes } from './records.routes.ts';
import { walletSeedSteps } from './wallet.seed-steps.ts';
import type { WalletPort } from './wallet.port.ts';
import { getSettings } from '../system/system.port.ts';

/**
 * Money: the double-entry ledger (balances, adjustments, reconciliation), the member center's
 * records and transfers. Each committed balance change goes to the member's sockets as a
 * `balance` event through the platform's publisher. Other areas post through `app.wallet`.
 */
export const walletArea = fp(
  async (app) => {
    await app.seed(walletSeedSteps);
    const { db } = app.database;
    // The site's currency, set when the site was made: every wallet and amount is in it.
    const { currencyCode } = await getSettings(db);
    const ledger = createLedgerService({
      db,
      currency: currencyCode,
      publish: balancePublisherFor(app.realtime.publisher),
      onPublishError: (error) => app.log.error({ err: error }, 'balance event not published'),
      balancesChanged: (memberIds) => app.memberCache.balancesChanged(memberIds),
    });
    const remarks = createRecordRemarks();
    const records = createRecordsService({
      db,
      clock: app.clock,
      ledger,
      system: app.system,
      remarks,
    });
    await app.register(walletRoutes, { ledger, cache: app.memberCache });
    await app.register(walletOpsRoutes, { ledger });
    await app.register(recordsRoutes, { records });
    await app.register(recordsOpsRoutes, { records });
    app.decorate('wallet', {
      ledger,
      remarks: { register: remarks.register },
    } satisfies WalletPort);
  },
  { name: 'wallet', dependencies: ['platform', 'system', 'identity'], fastify: '5.x' },
);
