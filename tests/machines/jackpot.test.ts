import { describe, expect, it } from 'vitest';
import { constants } from '../../src/contract/constants.ts';
import { jackpotMachine, jackpotStart } from '../../src/machines/jackpot.machine.ts';
import { driveMachine } from '../support/machine-driver.ts';

describe('jackpotMachine', () => {
  it('adds exactly 165.11 per 3 s interval', () => {
    const { actor, tick, context, expectContext } = driveMachine(jackpotMachine, {
      input: { startedAtMs: 0 },
    });
    const first = context().hundredths;
    tick(constants.jackpotIntervalMs - 1);
    expectContext({ hundredths: first });
    tick(1);
    expectContext({ hundredths: first + 16511 });
    for (let i = 0; i < 99; i++) tick(constants.jackpotIntervalMs);
    expectContext({ hundredths: first + 100 * 16511 });
    actor.stop();
  });

  it('starts from a figure that rises with the time of day', () => {
    const interval = constants.jackpotIntervalMs;
    expect(jackpotStart(interval * 10)).toBe(jackpotStart(interval * 10 + interval - 1));
    expect(jackpotStart(interval * 11) - jackpotStart(interval * 10)).toBe(16511);
    expect(Number.isInteger(jackpotStart(Date.UTC(2026, 4, 1)))).toBe(true);
  });
});
