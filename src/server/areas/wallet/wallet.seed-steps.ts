import { eq } from 'drizzle-orm';
import type { SeedStep } from '../../platform/seed/seed.ts';
import { members } from '../../platform/members/members.schema.ts';
import { createLedgerService } from './ledger.service.ts';
import { getSettings } from '../system/system.port.ts';

/** Demo players' starting balances in minor units (the identity area seeds the players). */
const demoBalances: Record<string, bigint> = { demo_player1: 1_000_000n, demo_player2: 500_000n };

/** Demo players' starting money (after the identity area's demo players). */
export const walletSeedSteps: SeedStep[] = [
  {
    // Money for the demo players (₹10,000.00 and ₹5,000.00), through the ledger like any other
    // credit: one adjustment each.
    name: 'demo-wallets-v1',
    run: async (tx) => {
      const { currencyCode } = await getSettings(tx);
      const ledger = createLedgerService({ db: tx, currency: currencyCode });
      for (const [username, demoBalance] of Object.entries(demoBalances)) {
        const [player] = await tx
          .select({ id: members.id })
          .from(members)
          .where(eq(members.username, username));
        if (!player) continue;
        await ledger.post({
          memberId: player.id,
          kind: 'adjustment',
          amount: demoBalance,
          idempotencyKey: `seed:demo-wallets-v1:${username}`,
          reference: 'demo balance',
          actor: 'system:seed',
        });
      }
    },
  },
];
