import { describe, expect, it, vi } from 'vitest';
import {
  builtinRoundMachine,
  type BuiltinBetRequest,
  type BuiltinSeedsRequest,
  type BuiltinSessionLoaded,
  type BuiltinSessionRequest,
} from '../../src/machines/builtin-round.machine.ts';
import type {
  BuiltinPlayReply,
  BuiltinSeeds,
  BuiltinState,
} from '../../src/contract/builtin-games.ts';
import type { BuiltinGameId } from '../../src/contract/builtin-games/verify.ts';
import { builtinTiming, crashFlightMs } from '../../src/contract/builtin-games/timing.ts';
import { driveMachine, paramsOf } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';
import { rounds } from '../../models/builtin-round.model.ts';

const seeds: BuiltinSeeds = {
  serverSeedHash: 'a3f1'.repeat(16),
  nextServerSeedHash: 'b7e2'.repeat(16),
  clientSeed: 'c1',
  nonce: 0,
  previous: null,
};
const loaded = (game: BuiltinGameId, balance = '5000'): BuiltinSessionLoaded => ({
  token: 'session-1',
  state: {
    playerId: 'p-1',
    nickname: 'raj',
    currency: 'INR',
    language: 'en',
    game,
    balance,
    seeds,
    history: [],
  } satisfies BuiltinState,
});

function start(game: BuiltinGameId, options: { token?: string | null } = {}) {
  const storeSession = vi.fn((_: unknown, _params: { token: string | null }) => {});
  const driver = driveMachine(builtinRoundMachine, {
    input: {
      game,
      launchToken: options.token ? null : 'launch-token-0123456789',
      token: options.token ?? null,
    },
    held: {
      loadSession: heldPromise<BuiltinSessionLoaded, BuiltinSessionRequest>(),
      submitBet: heldPromise<BuiltinPlayReply, BuiltinBetRequest>(),
      saveSeeds: heldPromise<BuiltinSeeds, BuiltinSeedsRequest>(),
    },
    provide: { actions: { storeSession } },
  });
  return { ...driver, ...driver.held, storeSession };
}

const replyOf = (round: BuiltinPlayReply['round'], balance: string): BuiltinPlayReply => ({
  round,
  balance,
  seeds: { ...seeds, nonce: 1 },
});

describe('builtinRoundMachine', () => {
  it('exchanges the launch token once, keeps the session and shows the seed hash before play', async () => {
    const { loadSession, expectToBeIn, expectContext, storeSession } = start('slot');
    expect(loadSession.calls).toEqual([{ token: null, launchToken: 'launch-token-0123456789' }]);
    await loadSession.resolve(loaded('slot'));
    expectToBeIn({ idle: 'ready' });
    expectContext({ token: 'session-1', launchToken: null, state: { seeds } });
    expect(paramsOf(storeSession)).toEqual([{ token: 'session-1' }]);
  });

  it('sends the stake and the dice bet, and applies the balance only when the result shows', async () => {
    const { loadSession, submitBet, send, tick, expectToBeIn, context } = start('dice');
    await loadSession.resolve(loaded('dice'));
    send({ type: 'user.selectStake', stake: '500' });
    send({ type: 'user.play', bet: { direction: 'under', target: 0 } }); // no chance: not played
    expect(submitBet.calls).toEqual([]);
    send({ type: 'user.play', bet: { direction: 'under', target: 5000 } });
    expect(submitBet.calls).toEqual([
      {
        token: 'session-1',
        body: { game: 'dice', stake: '500', bet: { direction: 'under', target: 5000 } },
      },
    ]);
    await submitBet.resolve(replyOf(rounds.diceWin, '5096'));
    expectToBeIn({ playing: 'rolling' });
    expect(context().state?.balance).toBe('5000');
    tick(builtinTiming.diceRollMs);
    expectToBeIn({ idle: 'result' });
    expect(context().state).toMatchObject({ balance: '5096', seeds: { nonce: 1 } });
    expect(context().state?.history).toEqual([rounds.diceWin]);
    expect(context().round).toEqual(rounds.diceWin);
  });

  it('stops the slot reels one by one, then shows the result', async () => {
    const { loadSession, submitBet, send, tick, expectToBeIn, context } = start('slot');
    await loadSession.resolve(loaded('slot'));
    send({ type: 'user.play', bet: null });
    expect(submitBet.calls[0]?.body).toEqual({ game: 'slot', stake: '100' });
    await submitBet.resolve(replyOf(rounds.slotLoss, '4900'));
    expectToBeIn({ playing: 'spinning' });
    tick(builtinTiming.slotSpinMs);
    const stopped = [context().reelsStopped];
    for (let i = 0; i < 4; i++) {
      tick(builtinTiming.slotReelStopMs);
      stopped.push(context().reelsStopped);
    }
    expect(stopped).toEqual([1, 2, 3, 4, 5]);
    expectToBeIn({ idle: 'result' });
  });

  it('climbs the crash multiplier from 1.00x and cashes out at the target', async () => {
    const { loadSession, submitBet, send, tick, expectToBeIn, context } = start('crash');
    await loadSession.resolve(loaded('crash'));
    send({ type: 'user.play', bet: { target: 100 } }); // under the 1.01x minimum: not played
    send({ type: 'user.play', bet: { target: 200 } });
    expect(submitBet.calls).toHaveLength(1);
    await submitBet.resolve(replyOf(rounds.crashCashedOut, '5100'));
    expectToBeIn({ playing: { climbing: 'rising' } });
    const seen: number[] = [];
    for (let t = 0; t < crashFlightMs(200); t += builtinTiming.crashFrameMs) {
      seen.push(context().flight!.multiplier);
      tick(builtinTiming.crashFrameMs);
    }
    expect(seen[0]).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(Math.max(...seen)).toBeLessThanOrEqual(200);
    expectToBeIn({ idle: 'result' });
    expect(context().flight).toMatchObject({ end: 200, multiplier: 200 });
  });

  it('shows a crash at 1.00x at once, as a loss', async () => {
    const { loadSession, submitBet, send, tick, expectToBeIn, context } = start('crash');
    await loadSession.resolve(loaded('crash'));
    send({ type: 'user.play', bet: { target: 200 } });
    await submitBet.resolve(replyOf(rounds.crashAtOnce, '4900'));
    tick(0);
    expectToBeIn({ idle: 'result' });
    expect(context().flight).toMatchObject({ end: 100, multiplier: 100 });
  });

  it('refuses a stake over the balance without sending it, and when the wallet refuses it', async () => {
    const { loadSession, submitBet, send, expectToBeIn, expectContext } = start('slot');
    await loadSession.resolve(loaded('slot', '5000'));
    send({ type: 'user.selectStake', stake: '10000' });
    send({ type: 'user.play', bet: null });
    expectToBeIn({ idle: 'insufficientFunds' });
    expect(submitBet.calls).toEqual([]);
    send({ type: 'user.selectStake', stake: '5000' });
    expectToBeIn({ idle: 'ready' });
    send({ type: 'user.play', bet: null });
    await submitBet.reject({ code: 'insufficient_balance' });
    expectToBeIn({ idle: 'insufficientFunds' });
    expectContext({ error: 'insufficient_balance', stake: '5000' });
  });

  it('plays free rounds (points mall) whatever the balance, and counts them down from the reply', async () => {
    const { loadSession, submitBet, send, tick, expectToBeIn, context } = start('slot');
    const session = loaded('slot', '0');
    await loadSession.resolve({
      ...session,
      state: { ...session.state, freeRounds: { roundsLeft: 1, stake: '500' } },
    });
    send({ type: 'user.play', bet: null });
    expect(submitBet.calls).toHaveLength(1);
    await submitBet.resolve({
      ...replyOf({ ...rounds.slotLoss, stake: '500', free: true }, '0'),
      freeRounds: { roundsLeft: 0, stake: '0' },
    });
    tick(builtinTiming.slotSpinMs);
    for (let i = 0; i < 4; i++) tick(builtinTiming.slotReelStopMs);
    expectToBeIn({ idle: 'result' });
    expect(context().state?.freeRounds).toEqual({ roundsLeft: 0, stake: '0' });
    // None left, and no money: the stake is over the balance again.
    send({ type: 'user.play', bet: null });
    expectToBeIn({ idle: 'insufficientFunds' });
    expect(submitBet.calls).toHaveLength(1);
  });

  it('rotates the seeds with the typed client seed, or lets the provider pick one, naming the next hash shown', async () => {
    const { loadSession, saveSeeds, send, expectToBeIn, expectContext } = start('dice');
    await loadSession.resolve(loaded('dice'));
    send({ type: 'user.editClientSeed', clientSeed: 'two words' });
    send({ type: 'user.rotateSeeds' });
    expect(saveSeeds.calls).toEqual([]);
    send({ type: 'user.editClientSeed', clientSeed: ' lucky-7 ' });
    send({ type: 'user.rotateSeeds' });
    expectToBeIn('rotating');
    const next = {
      serverSeedHash: seeds.nextServerSeedHash,
      nextServerSeedHash: 'c9d4'.repeat(16),
      clientSeed: 'lucky-7',
      nonce: 0,
      previous: {
        serverSeed: 'f00d'.repeat(16),
        serverSeedHash: seeds.serverSeedHash,
        clientSeed: 'c1',
        nonce: 3,
      },
    };
    await saveSeeds.resolve(next);
    expectToBeIn({ idle: 'ready' });
    expectContext({ clientSeed: '', state: { seeds: next } });
    send({ type: 'user.rotateSeeds' });
    // Each rotation names the next server seed hash on screen when it was asked for.
    expect(saveSeeds.calls).toEqual([
      { token: 'session-1', clientSeed: 'lucky-7', nextServerSeedHash: seeds.nextServerSeedHash },
      { token: 'session-1', clientSeed: undefined, nextServerSeedHash: 'c9d4'.repeat(16) },
    ]);
  });

  it('retries a failed round by loading the state again, never by sending the bet twice', async () => {
    const { loadSession, submitBet, send, expectToBeIn, expectContext } = start('slot');
    await loadSession.resolve(loaded('slot'));
    send({ type: 'user.play', bet: null });
    await submitBet.reject({ code: 'network' });
    expectToBeIn('failed');
    expectContext({ error: 'network' });
    send({ type: 'user.retry' });
    expect(loadSession.calls.at(-1)).toEqual({ token: 'session-1', launchToken: null });
    await loadSession.resolve(loaded('slot', '4900'));
    expectToBeIn({ idle: 'ready' });
    expect(submitBet.calls).toHaveLength(1);
  });

  it('ends on an expired session and forgets it; a reload without a session says so', async () => {
    const first = start('crash', { token: 'session-old' });
    expect(first.loadSession.calls).toEqual([{ token: 'session-old', launchToken: null }]);
    await first.loadSession.reject({ code: 'no_session' });
    first.expectToBeIn('sessionExpired');
    first.expectContext({ error: 'no_session' });
    expect(paramsOf(first.storeSession)).toEqual([{ token: null }]);

    const second = start('dice');
    await second.loadSession.resolve(loaded('dice'));
    second.send({ type: 'user.rotateSeeds' });
    await second.saveSeeds.reject({ code: 'session_expired' });
    second.expectToBeIn('sessionExpired');
    expect(paramsOf(second.storeSession)).toEqual([{ token: 'session-1' }, { token: null }]);
  });
});
