import { assign, setup } from 'xstate';
import { constants } from '../contract/constants.ts';

/** Hundredths, so the +165.11 steps stay exact. */
const STEP = Math.round(constants.jackpotIncrement * 100);

/**
 * The decorative jackpot counter on /rng: starts from a number derived from the time and adds
 * 165.11 every 3 seconds. Display only; no money is involved.
 */
export const jackpotMachine = setup({
  types: {
    context: {} as { hundredths: number },
    input: {} as { startedAtMs: number },
  },
  delays: { tick: constants.jackpotIntervalMs },
}).createMachine({
  id: 'jackpot',
  context: ({ input }) => ({ hundredths: jackpotStart(input.startedAtMs) }),
  initial: 'counting',
  states: {
    counting: {
      after: {
        tick: {
          target: 'counting',
          reenter: true,
          actions: assign({ hundredths: ({ context }) => context.hundredths + STEP }),
        },
      },
    },
  },
});

/** A start that grows with the time of day, so every visitor sees a similar, rising figure. */
export function jackpotStart(nowMs: number): number {
  const ticksSinceEpoch = Math.floor(nowMs / constants.jackpotIntervalMs);
  return 1_000_000_000 + (ticksSinceEpoch % 10_000_000) * STEP;
}
