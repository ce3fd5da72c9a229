import { and, eq, sql } from 'drizzle-orm';
import type { SeedStep } from '../../platform/seed/seed.ts';
import type { Db } from '../../platform/db/client.ts';
import { paymentChannels } from './deposit.schema.ts';
import { demoBankAccountNumber, paymentChannelSeed } from './payment-channels.seed.ts';
import { getSettings } from '../system/system.port.ts';

/** Inserts the seed's channels a site does not have yet (by code), in its currency. */
async function insertMissingChannels(tx: Db) {
  const { currencyCode } = await getSettings(tx);
  await tx
    .insert(paymentChannels)
    .values(paymentChannelSeed.map((channel) => ({ ...channel, currency: currencyCode })))
    .onConflictDoNothing();
}

/** The demo payment channels, in the site's currency. */
export const depositSeedSteps: SeedStep[] = [
  { name: 'payment-channels-v1', run: insertMissingChannels },
  {
    // The UPI channel for sites seeded before it, and the IFSC of the demo bank account while it
    // is still the demo one (an operator's own account is left as it is).
    name: 'payment-channels-upi-v1',
    run: async (tx) => {
      await insertMissingChannels(tx);
      const demo = paymentChannelSeed.find((channel) => channel.code === 'bank_transfer');
      const ifsc = demo?.bankAccount?.ifsc;
      if (!ifsc) return;
      await tx
        .update(paymentChannels)
        .set({
          bankAccount: sql`${paymentChannels.bankAccount} || jsonb_build_object('ifsc', ${ifsc}::text)`,
        })
        .where(
          and(
            eq(paymentChannels.code, 'bank_transfer'),
            sql`${paymentChannels.bankAccount} ->> 'accountNumber' = ${demoBankAccountNumber}`,
            sql`${paymentChannels.bankAccount} ->> 'ifsc' is null`,
          ),
        );
    },
  },
];
