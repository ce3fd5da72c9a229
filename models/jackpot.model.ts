import { jackpotMachine } from '../src/machines/jackpot.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { jackpotMachine };

export const model = defineModel({
  name: 'jackpot',
  title: 'Jackpot counter',
  summary:
    'The decorative jackpot figure on /rng. It starts from a number derived from the time and ' +
    'adds 165.11 every 3 seconds. Display only; no money is involved.',
  source: 'src/machines/jackpot.machine.ts',
  machine: jackpotMachine,
  input: { startedAtMs: Date.UTC(2026, 0, 1) },
  events: { 'xstate.after.tick.jackpot.counting': [{}] },
  // The figure only grows: it must not be part of the vertex, or the traversal never ends.
  states: {
    'jackpot.counting': {
      shows: 'the jackpot figure with two decimals and thousands commas, rising every 3 s',
      testId: 'jackpot-counter',
    },
  },
});
