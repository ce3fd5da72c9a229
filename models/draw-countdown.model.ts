import { drawCountdownMachine } from '../src/machines/draw-countdown.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { drawCountdownMachine };

const numero = '202611260815';
const next = '202611260820';
const numbers = ['52814', '07731', '96402'];

export const model = defineModel({
  name: 'draw-countdown',
  title: 'Lottery draw countdown',
  summary:
    "The timer of one lottery draw, on the server's time: open (bets taken) until 30 s before " +
    'the close, then locking soon (bets still taken, the timer warns), locked (bets refused) ' +
    'until the draw, then drawing until the result arrives over the socket; if none came 5 s ' +
    'after the draw time the result is asked for. The result shows until the lobby moves to ' +
    'the next draw; a draw called off shows as cancelled. Fresh timings from the server move ' +
    'the countdown (back to open when the close was put back); events about another draw are ' +
    'ignored.',
  source: 'src/machines/draw-countdown.machine.ts',
  machine: drawCountdownMachine,
  input: { numero, remainTime: 95_000, lockTime: 60_000 },
  // The guards read which draw it is and whether the close is within the warning time.
  project: (context) => ({ numero: context.numero, soon: context.remainMs <= 30_000 }),
  events: {
    'server.drawUpdated': [
      { label: 'this draw, 2 min left', numero, remainTime: 120_000, lockTime: 60_000 },
      { label: 'this draw, 20 s left', numero, remainTime: 20_000, lockTime: 60_000 },
      { label: 'another draw', numero: next, remainTime: 20_000, lockTime: 60_000 },
    ],
    'socket.drawResult': [
      { label: 'this draw', numero, numbers },
      { label: 'another draw', numero: next, numbers },
    ],
    'socket.drawCancelled': [
      { label: 'this draw', numero },
      { label: 'another draw', numero: next },
    ],
    'app.nextDraw': [
      { label: 'the next draw', numero: next, remainTime: 300_000, lockTime: 60_000 },
    ],
    'xstate.done.actor.loadDrawResult': [
      { label: 'the result', output: { numero, numbers } },
      { label: 'not drawn yet', output: null },
    ],
    'xstate.error.actor.loadDrawResult': [
      { label: 'network error', error: { code: 'network_error', message: 'Network error' } },
    ],
    'xstate.after.untilLockingSoon.drawCountdown.open': [{}],
    'xstate.after.untilClose.drawCountdown.lockingSoon': [{}],
    'xstate.after.untilDraw.drawCountdown.locked': [{}],
    'xstate.after.resultPoll.drawCountdown.drawing': [{}],
    'xstate.after.tick.drawCountdown.open.counting': [{}],
    'xstate.after.tick.drawCountdown.lockingSoon.counting': [{}],
    'xstate.after.tick.drawCountdown.locked.counting': [{}],
  },
  states: {
    'drawCountdown.open': {
      shows: 'the draw open for bets with the time left until the close',
      testId: 'draw-open',
    },
    'drawCountdown.lockingSoon': {
      shows: 'the timer in its warning colour: bets close in under 30 s',
      testId: 'draw-locking-soon',
    },
    'drawCountdown.locked': {
      shows: 'bets closed, the time left until the draw',
      testId: 'draw-locked',
    },
    'drawCountdown.drawing': {
      shows: 'a drawing indicator while the result is awaited',
      testId: 'draw-drawing',
    },
    'drawCountdown.checking': {
      shows: 'the drawing indicator while the result is asked for',
      testId: 'draw-drawing',
    },
    'drawCountdown.result': {
      shows: 'the winning numbers of the draw',
      testId: 'draw-result',
    },
    'drawCountdown.cancelled': {
      shows: 'the draw called off, bets refunded',
      testId: 'draw-cancelled',
    },
    'drawCountdown.open.counting': {
      shows: 'the seconds left until the close going down by one every second',
      testId: 'draw-timer',
    },
    'drawCountdown.lockingSoon.counting': {
      shows: 'the last seconds before the close going down by one every second',
      testId: 'draw-timer',
    },
    'drawCountdown.locked.counting': {
      shows: 'the seconds left until the draw going down by one every second',
      testId: 'draw-timer',
    },
  },
});
