import type { SeedStep } from '../../platform/seed/seed.ts';
import { paymentChannels } from './deposit.schema.ts';
import { paymentChannelSeed } from './payment-channels.seed.ts';
import { getSettings } from '../system/system.port.ts';

/** The demo payment channels, in the site's currency. */
export const depositSeedSteps: SeedStep[] = [
  {
    name: 'payment-channels-v1',
    run: async (tx) => {
      const { currencyCode } = await getSettings(tx);
      await tx
        .insert(paymentChannels)
        .values(paymentChannelSeed.map((channel) => ({ ...channel, currency: currencyCode })))
        .onConflictDoNothing();
    },
  },
];
