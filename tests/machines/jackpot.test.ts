import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import { constants } from '../../src/contract/constants.ts';
import { jackpotMachine, jackpotStart } from '../../src/machines/jackpot.machine.ts';

describe('jackpotMachine', () => {
  it('adds exactly 165.11 per 3 s interval', () => {
    const clock = new SimulatedClock();
    const actor = createActor(jackpotMachine, { input: { startedAtMs: 0 }, clock }).start();
    const first = actor.getSnapshot().context.hundredths;
    clock.increment(constants.jackpotIntervalMs - 1);
    expect(actor.getSnapshot().context.hundredths).toBe(first);
    clock.increment(1);
    expect(actor.getSnapshot().context.hundredths).toBe(first + 16511);
    for (let i = 0; i < 99; i++) clock.increment(constants.jackpotIntervalMs);
    expect(actor.getSnapshot().context.hundredths).toBe(first + 100 * 16511);
    actor.stop();
  });

  it('starts from a figure that rises with the time of day', () => {
    const interval = constants.jackpotIntervalMs;
    expect(jackpotStart(interval * 10)).toBe(jackpotStart(interval * 10 + interval - 1));
    expect(jackpotStart(interval * 11) - jackpotStart(interval * 10)).toBe(16511);
    expect(Number.isInteger(jackpotStart(Date.UTC(2026, 4, 1)))).toBe(true);
  });
});
