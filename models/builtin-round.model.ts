import { builtinRoundMachine } from '../src/machines/builtin-round.machine.ts';
import type {
  BuiltinPlayReply,
  BuiltinRoundView,
  BuiltinSeeds,
  BuiltinState,
} from '../src/contract/builtin-games.ts';
import { defineModel } from '../tests/support/model.ts';

export { builtinRoundMachine };

const hash = 'a3f1'.repeat(16);
const seeds: BuiltinSeeds = {
  serverSeedHash: hash,
  nextServerSeedHash: 'b7e2'.repeat(16),
  clientSeed: 'c1',
  nonce: 0,
  previous: null,
};
const state: BuiltinState = {
  playerId: 'p-1',
  nickname: 'raj',
  currency: 'INR',
  language: 'en',
  game: 'dice',
  balance: '5000',
  seeds,
  history: [],
};

function round(game: BuiltinRoundView['game'], fields: Partial<BuiltinRoundView>) {
  return {
    roundId: `r-${game}`,
    game,
    stake: '100',
    win: '0',
    bet: null,
    result: {},
    serverSeedHash: hash,
    clientSeed: 'c1',
    nonce: 0,
    playedAt: '2026-11-26T04:00:00.000Z',
    ...fields,
  } satisfies BuiltinRoundView;
}
function reply(played: BuiltinRoundView): BuiltinPlayReply {
  const balance = String(5000 - Number(played.stake) + Number(played.win));
  return { round: played, balance, seeds: { ...seeds, nonce: 1 } };
}

/** One of each game's outcome: the machine plays out the round the reply carries. */
export const rounds = {
  diceWin: round('dice', {
    win: '196',
    bet: { direction: 'under', target: 5000 },
    result: { roll: 1234, win: true, multiplier10k: 19_800 },
  }),
  slotLoss: round('slot', {
    result: {
      grid: [
        ['bar', 'bell', 'star', 'plum', 'cherry'],
        ['plum', 'cherry', 'seven', 'bar', 'bell'],
        ['star', 'plum', 'bell', 'cherry', 'seven'],
      ],
      lines: [],
      multiplier10k: 0,
    },
  }),
  crashCashedOut: round('crash', {
    win: '200',
    bet: { target: 200 },
    result: { crashPoint: 350, win: true, multiplier10k: 20_000 },
  }),
  crashAtOnce: round('crash', {
    bet: { target: 200 },
    result: { crashPoint: 100, win: false, multiplier10k: 0 },
  }),
};

export const model = defineModel({
  name: 'builtin-round',
  title: 'Built-in game round (slot, dice, crash pages)',
  summary:
    'A built-in game page in the /game frame, round by round. The provider session is loaded ' +
    'from the launch token (or the one saved for a reload) and the server seed hash shows ' +
    'before any play. Ready, the player picks a stake and may type a client seed for the next ' +
    'seed pair. A play with a stake over the balance is refused on the page; otherwise the bet ' +
    'goes out, then the outcome plays out: the slot reels spin and stop one by one, the dice ' +
    'number rolls, the crash multiplier climbs from 1.00x until it cashes out at the target or ' +
    'crashes. Then the result shows (win or loss, new balance, the round on top of the history ' +
    'with its seeds and nonce to verify). A new seed pair reveals the server seed. A refusal by ' +
    'the wallet for funds shows the insufficient-funds notice; an ended session asks for a new ' +
    'launch from the lobby; a network or server failure offers a retry that loads the state ' +
    'again (a bet is never sent twice).',
  source: 'src/machines/builtin-round.machine.ts',
  machine: builtinRoundMachine,
  input: { game: 'dice', launchToken: 'launch-token-0123456789', token: null, stake: '100' },
  // What the guards read: the stake against the balance, the client seed, the reels stopped.
  project: (context) => ({
    affordable: context.state !== null && BigInt(context.stake) <= BigInt(context.state.balance),
    clientSeedValid: !/\s/.test(context.clientSeed.trim()),
    reelsStopped: context.reelsStopped,
  }),
  events: {
    'user.selectStake': [
      { label: '₹1.00', stake: '100' },
      { label: '₹100.00', stake: '10000' },
    ],
    'user.editClientSeed': [
      { label: 'lucky-7', clientSeed: 'lucky-7' },
      { label: 'with a space', clientSeed: 'two words' },
    ],
    'user.play': [
      { label: 'under 50.00', bet: { direction: 'under', target: 5000 } },
      { label: 'under 0.00 (no chance)', bet: { direction: 'under', target: 0 } },
    ],
    'user.rotateSeeds': [{}],
    'user.retry': [{}],
    'xstate.done.actor.loadSession': [{ label: '₹50.00', output: { token: 'session-1', state } }],
    'xstate.error.actor.loadSession': [
      { label: 'network', error: { code: 'network' } },
      { label: 'session expired', error: { code: 'session_expired' } },
    ],
    'xstate.done.actor.submitBet': [
      { label: 'dice win', output: reply(rounds.diceWin) },
      { label: 'slot loss', output: reply(rounds.slotLoss) },
      { label: 'crash cashed out at 2.00x', output: reply(rounds.crashCashedOut) },
      { label: 'crash at 1.00x', output: reply(rounds.crashAtOnce) },
    ],
    'xstate.error.actor.submitBet': [
      { label: 'insufficient balance', error: { code: 'insufficient_balance' } },
      { label: 'session expired', error: { code: 'session_expired' } },
      { label: 'network', error: { code: 'network' } },
    ],
    'xstate.done.actor.saveSeeds': [
      {
        label: 'revealed',
        output: {
          serverSeedHash: 'b4e2'.repeat(16),
          nextServerSeedHash: 'c5e2'.repeat(16),
          clientSeed: 'lucky-7',
          nonce: 0,
          previous: {
            serverSeed: 'f00d'.repeat(16),
            serverSeedHash: hash,
            clientSeed: 'c1',
            nonce: 1,
          },
        },
      },
    ],
    'xstate.error.actor.saveSeeds': [
      { label: 'session expired', error: { code: 'session_expired' } },
      { label: 'network', error: { code: 'network' } },
    ],
    'xstate.after.spinTime.builtinRound.playing.spinning': [{}],
    'xstate.after.reelStop.builtinRound.playing.stopping': [{}],
    'xstate.after.rollTime.builtinRound.playing.rolling': [{}],
    'xstate.after.frame.builtinRound.playing.climbing.rising': [{}],
    'xstate.after.flightTime.builtinRound.playing.climbing': [{}],
  },
  states: {
    'builtinRound.loading': {
      shows: 'the game title and a "Loading…" status',
      testId: 'builtin-status',
    },
    'builtinRound.idle': {
      shows: 'the game: balance, stake chips, the play button, the seeds and the history',
      testId: 'builtin-balance',
    },
    'builtinRound.idle.ready': {
      shows:
        'balance, stake chips, the enabled play button, the server seed hash, client seed and ' +
        'next nonce, the client seed field and "New seed pair"',
      testId: 'builtin-ready',
    },
    'builtinRound.idle.result': {
      shows:
        'the outcome (line wins, the roll, cashed out or crashed at), "You won …" or "No win ' +
        'this time", the new balance, the round on top of the history with a link to verify it',
      testId: 'builtin-result',
    },
    'builtinRound.idle.insufficientFunds': {
      shows: 'the notice "Not enough balance for this stake." and the stake chips to pick less',
      testId: 'builtin-insufficient',
    },
    'builtinRound.checking': {
      shows: 'nothing of its own: the stake is compared with the balance',
      testId: 'builtin-balance',
    },
    'builtinRound.placing': {
      shows: 'the play button says "Playing…" and is disabled, as are the stake chips',
      testId: 'builtin-busy',
    },
    'builtinRound.playing': {
      shows: 'the round playing out with the controls disabled',
      testId: 'builtin-busy',
    },
    'builtinRound.playing.starting': {
      shows: "nothing of its own: the animation of the round's game is chosen",
      testId: 'builtin-busy',
    },
    'builtinRound.playing.spinning': {
      shows: 'all five reels spinning',
      testId: 'builtin-busy',
    },
    'builtinRound.playing.stopping': {
      shows: "the reels stopping one after the other on the outcome's symbols",
      testId: 'builtin-busy',
    },
    'builtinRound.playing.rolling': {
      shows: 'the dice number rolling',
      testId: 'builtin-busy',
    },
    'builtinRound.playing.climbing': {
      shows: 'the rocket rising and the multiplier climbing from 1.00x',
      testId: 'builtin-busy',
    },
    'builtinRound.playing.climbing.rising': {
      shows: 'the multiplier climbing toward the cash-out target or the crash point',
      testId: 'builtin-busy',
    },
    'builtinRound.showing': {
      shows: 'nothing of its own: the reply is applied to the balance and history',
      testId: 'builtin-balance',
    },
    'builtinRound.rotating': {
      shows: '"New seed pair" and the play button disabled while the seeds rotate',
      testId: 'builtin-busy',
    },
    'builtinRound.sessionExpired': {
      shows: 'the alert "Your game session has ended. Open the game again from the lobby."',
      testId: 'builtin-expired',
    },
    'builtinRound.failed': {
      shows: 'the alert "Something went wrong. Please try again." (or the network text) and Retry',
      testId: 'builtin-failed',
    },
  },
});
