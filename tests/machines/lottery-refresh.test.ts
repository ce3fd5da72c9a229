import { describe, expect, it } from 'vitest';
import {
  lotteryRefreshMachine,
  refreshDelayOf,
  type LotteryList,
} from '../../src/machines/lottery-refresh.machine.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

const game = (
  gameId: string,
  remainTime: number,
  numero: string | null = '202611260815',
  nextOpenTime: number | null = numero === null ? null : 0,
) => ({ gameId, numero, remainTime, nextOpenTime });

describe('refreshDelayOf (spec 4: lottery list refresh timer)', () => {
  it('waits the smallest remaining time of the open draws', () => {
    expect(refreshDelayOf([game('A', 12_000), game('B', 9_500), game('C', 25_000)])).toBe(9_500);
  });

  it('caps the wait at 30000 ms', () => {
    expect(refreshDelayOf([game('A', 45_000), game('B', 3_600_000)])).toBe(30_000);
  });

  it('waits 7000 ms when the smallest remaining time is zero or less', () => {
    expect(refreshDelayOf([game('A', 0), game('B', 20_000)])).toBe(7_000);
    expect(refreshDelayOf([game('A', -1_500)])).toBe(7_000);
  });

  it('leaves out games with no draw planned, and waits 30000 ms when nothing is timed', () => {
    expect(refreshDelayOf([game('A', 0, null), game('B', 20_000)])).toBe(20_000);
    expect(refreshDelayOf([game('A', 0, null)])).toBe(30_000);
    expect(refreshDelayOf([])).toBe(30_000);
  });

  it('reads the list again when a closed game opens its next draw', () => {
    // 10 s of every minute the 1-minute draw is closed: its next draw opens in 8 s.
    expect(refreshDelayOf([game('A', 0, null, 8_000), game('B', 20_000)])).toBe(8_000);
    expect(refreshDelayOf([game('A', 0, null, 8_000)])).toBe(8_000);
    expect(refreshDelayOf([game('A', 0, null, 45_000)])).toBe(30_000);
    expect(refreshDelayOf([game('A', 0, null, 0)])).toBe(7_000);
  });
});

function start() {
  return driveMachine(lotteryRefreshMachine, {
    held: { loadLotteryList: heldPromise<LotteryList, void>() },
  });
}

describe('lotteryRefreshMachine', () => {
  it('loads again after the wait the answer gives, not before', async () => {
    const { held, tick, snapshot, context } = start();
    await held.loadLotteryList.resolve({ games: [game('A', 12_000)] });
    expect(snapshot().value).toBe('waiting');
    expect(context().refreshMs).toBe(12_000);
    tick(11_999);
    expect(held.loadLotteryList.calls).toHaveLength(1);
    tick(1);
    expect(snapshot().value).toBe('loading');
    expect(held.loadLotteryList.calls).toHaveLength(2);
  });

  it('keeps the games shown when a load fails, and tries again after 7 s', async () => {
    const { held, tick, snapshot, context } = start();
    await held.loadLotteryList.resolve({ games: [game('A', 40_000)] });
    tick(30_000);
    await held.loadLotteryList.reject({ code: 'network_error' });
    expect(snapshot().value).toBe('failed');
    expect(context().games).toEqual([game('A', 40_000)]);
    expect(context().error).toBe('network_error');
    tick(7_000);
    expect(held.loadLotteryList.calls).toHaveLength(3);
  });

  it('loads nothing while the page is hidden and loads at once when it is seen again', async () => {
    const { held, tick, send, snapshot } = start();
    await held.loadLotteryList.resolve({ games: [game('A', 5_000)] });
    send({ type: 'app.hidden' });
    tick(120_000);
    expect(held.loadLotteryList.calls).toHaveLength(1);
    send({ type: 'app.visible' });
    expect(snapshot().value).toBe('loading');
    expect(held.loadLotteryList.calls).toHaveLength(2);
  });
});
