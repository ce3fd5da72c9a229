import { describe, expect, it } from 'vitest';
import {
  drawCountdownMachine,
  type DrawResult,
} from '../../src/machines/draw-countdown.machine.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

const numero = '202611260815';

function start(remainTime = 95_000, lockTime = 60_000) {
  const driver = driveMachine(drawCountdownMachine, {
    held: { loadDrawResult: heldPromise<DrawResult | null, { numero: string }>() },
    input: { numero, remainTime, lockTime },
  });
  const phase = () => {
    const value = driver.snapshot().value;
    return typeof value === 'string' ? value : Object.keys(value)[0];
  };
  /** Time passing second by second: the simulated clock fires one due timer per increment. */
  const tick = (ms: number) => {
    if (ms === 0) driver.tick(0);
    for (let left = ms; left > 0; left -= 1000) driver.tick(Math.min(1000, left));
  };
  return { ...driver, phase, tick };
}

describe('drawCountdownMachine', () => {
  it("runs open, locking soon, locked and drawing on the server's times", () => {
    const { tick, phase, context, snapshot } = start(95_000, 60_000);
    expect(phase()).toBe('open');
    expect(context().secondsLeft).toBe(95);
    expect(snapshot().hasTag('betting')).toBe(true);
    tick(64_999);
    expect(phase()).toBe('open');
    tick(1);
    expect(phase()).toBe('lockingSoon');
    expect(snapshot().hasTag('warning')).toBe(true);
    expect(context().secondsLeft).toBe(30);
    tick(30_000);
    expect(phase()).toBe('locked');
    expect(snapshot().hasTag('betting')).toBe(false);
    expect(context().secondsLeft).toBe(60);
    tick(60_000);
    expect(phase()).toBe('drawing');
  });

  it('starts locking soon when the draw closes within 30 s', () => {
    const { phase, tick } = start(12_000);
    expect(phase()).toBe('lockingSoon');
    tick(12_000);
    expect(phase()).toBe('locked');
  });

  it('counts only what is left of the lock when the close is already past', () => {
    const { phase, tick, context } = start(-20_000, 60_000);
    tick(0);
    expect(phase()).toBe('locked');
    expect(context().secondsLeft).toBe(40);
    tick(40_000);
    expect(phase()).toBe('drawing');
  });

  it('shows the pushed result of this draw and ignores another draw', () => {
    const { tick, send, phase, context } = start(10_000, 5_000);
    tick(15_000);
    send({ type: 'socket.drawResult', numero: '202611260820', numbers: ['1'] });
    expect(phase()).toBe('drawing');
    send({ type: 'socket.drawResult', numero, numbers: ['52814', '07731'] });
    expect(phase()).toBe('result');
    expect(context().numbers).toEqual(['52814', '07731']);
  });

  it('asks for the result when none is pushed, and waits again while it is not drawn', async () => {
    const { tick, phase, held, context } = start(10_000, 5_000);
    tick(15_000);
    tick(5_000);
    expect(phase()).toBe('checking');
    expect(held.loadDrawResult.calls).toEqual([{ numero }]);
    await held.loadDrawResult.resolve(null);
    expect(phase()).toBe('drawing');
    tick(5_000);
    await held.loadDrawResult.resolve({ numero, numbers: ['96402'] });
    expect(phase()).toBe('result');
    expect(context().numbers).toEqual(['96402']);
  });

  it("follows the server's update: the close put back opens the draw again", () => {
    const { send, phase, tick } = start(20_000);
    expect(phase()).toBe('lockingSoon');
    send({ type: 'server.drawUpdated', numero, remainTime: 90_000, lockTime: 60_000 });
    expect(phase()).toBe('open');
    tick(59_999);
    expect(phase()).toBe('open');
    tick(1);
    expect(phase()).toBe('lockingSoon');
  });

  it('shows a cancelled draw and moves on to the next draw', () => {
    const { send, phase, context } = start();
    send({ type: 'socket.drawCancelled', numero: 'other' });
    expect(phase()).toBe('open');
    send({ type: 'socket.drawCancelled', numero });
    expect(phase()).toBe('cancelled');
    send({ type: 'app.nextDraw', numero: '202611260820', remainTime: 300_000, lockTime: 60_000 });
    expect(phase()).toBe('open');
    expect(context()).toMatchObject({ numero: '202611260820', secondsLeft: 300, numbers: null });
  });
});
