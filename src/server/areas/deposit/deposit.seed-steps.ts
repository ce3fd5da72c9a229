import type { SeedStep } from '../../platform/seed/seed.ts';
import { paymentChannels } from './deposit.schema.ts';
import { paymentChannelSeed } from './payment-channels.seed.ts';

/** The demo payment channels. */
export const depositSeedSteps: SeedStep[] = [
  {
    name: 'payment-channels-v1',
    run: async (tx) => {
      await tx.insert(paymentChannels).values(paymentChannelSeed).onConflictDoNothing();
    },
  },
];
