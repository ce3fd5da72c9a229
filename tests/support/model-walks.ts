/**
 * The browser walks of the test models: which generated paths a real browser walks
 * (tests/e2e/*.model.spec.ts), and the states and transitions those paths reach. One
 * implementation for the Playwright specs and `npm run models`, which writes the result to
 * models/coverage.json (`browser`) beside the unit coverage.
 *
 * The plan is computed, not recorded: the same deterministic paths the spec declares as its
 * tests, replayed on the machine to name the transitions they take. Each spec walks every path
 * of its plan and fails on the first step whose view the page does not show, so a green e2e run
 * is the proof behind the coverage the plan claims.
 */
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import type { MachineModel } from './model.ts';
import {
  coverageReport,
  emptyCoverage,
  generatePaths,
  pathTitle,
  replayPath,
  settingNames,
  stepAction,
  type CoverageReport,
  type ModelPath,
  type ModelStep,
  type StepAction,
} from './model-paths.ts';
import { model as builtinRound } from '../../models/builtin-round.model.ts';
import { model as contract } from '../../models/contract.model.ts';
import { model as drawCountdown } from '../../models/draw-countdown.model.ts';
import {
  defaultPassword as loginDefaultPassword,
  model as login,
} from '../../models/login.model.ts';
import { model as registration } from '../../models/registration.model.ts';
import { model as smsCountdown } from '../../models/sms-countdown.model.ts';
import { model as systemStatus } from '../../models/system-status.model.ts';
import { model as withdrawalConfirmation } from '../../models/withdrawal-confirmation.model.ts';

type AnyModel = MachineModel<AnyStateMachine>;

export type BrowserWalk = {
  model: AnyModel;
  /** The Playwright spec that walks the plan. */
  spec: string;
  /** For QA: what the browser cannot do and how the walk reaches such states instead. */
  notes: string;
  /**
   * Whether the browser can drive this step: a user action, a held call or time. `previous` is
   * the snapshot before the step, `before` and `next` the steps around it (some user actions
   * send two events).
   */
  walkable(
    step: ModelStep,
    action: StepAction,
    around: {
      previous: AnyMachineSnapshot;
      before: ModelStep | undefined;
      next: ModelStep | undefined;
      /** The steps of the path before this one. */
      earlier: readonly ModelStep[];
    },
  ): boolean;
  /**
   * `all`: every walkable path. `cover`: the fewest walkable paths (chosen greedily, in path
   * order) that reach every state and transition the walkable paths reach together.
   */
  select: 'all' | 'cover';
};

export type WalkPlan = { paths: ModelPath[]; report: CoverageReport };

export const browserWalks: Record<string, BrowserWalk> = {
  'builtin-round': {
    model: builtinRound as AnyModel,
    spec: 'tests/e2e/builtin-round.model.spec.ts',
    notes:
      'The built-in game page of the game the path plays (dice when it plays none), opened ' +
      'with a launch token. Every provider call is held and answered as the path says (the ' +
      'session exchange and the state read as loadSession; a network error is the request ' +
      "aborted, a refusal the provider's envelope); animation time passes on the page clock. " +
      'A path is walked up to a round of another game than its first (one page plays one ' +
      'game), or up to picking the stake already picked (a checked radio sends nothing).',
    walkable: (step, action, { previous, earlier }) => {
      const event = step.event as { type: string; stake?: string };
      if (event.type === 'user.selectStake') {
        return event.stake !== (previous.context as { stake: string }).stake;
      }
      if (action.kind !== 'actorDone' || action.actorId !== 'submitBet') return true;
      const first = earlier.find((s) => s.event.type === 'xstate.done.actor.submitBet');
      return !first || builtinRoundGame(first) === builtinRoundGame(step);
    },
    select: 'cover',
  },
  contract: {
    model: contract as AnyModel,
    spec: 'tests/e2e/contract.model.spec.ts',
    notes:
      "The real-time wage page of the agent center, on the upline's side (one direct downline " +
      "agent, demo_agent2, to offer to) or the downline's (an upline that offers), for a new " +
      'player whose member info the route makes an agent (type 1). The center, the downline ' +
      'list and the first contract list are answered by the route; every later process call ' +
      'is held and answered as the path says (a list is loadContract, any other action ' +
      "submitContract; a network error is the request aborted, a 409 the server's envelope). " +
      'Contract and wage events are frames on a socket.io connection the spec serves itself. ' +
      'Every path is walkable; the fewest paths that cover what all reach are walked.',
    walkable: () => true,
    select: 'cover',
  },
  'system-status': {
    model: systemStatus as AnyModel,
    spec: 'tests/e2e/system-status.model.spec.ts',
    notes:
      'The status and permission calls are held and answered as each path says (a failed call ' +
      'is aborted); time passes on the page clock. Status pushes from the server ' +
      '(server.statusChanged) need the real-time channel and are walked by tests/machines only.',
    walkable: (step) => step.event.type !== 'server.statusChanged',
    select: 'all',
  },
  'draw-countdown': {
    model: drawCountdown as AnyModel,
    spec: 'tests/e2e/draw-countdown.model.spec.ts',
    notes:
      "A member's betting view of the 1-minute game (VN_FAST_1), the session logged in once " +
      "per worker. The lobby list is held and answered with the path's timing: its first " +
      'answer starts the timer, a fresh timing (server.drawUpdated) is the next list answer, ' +
      'and the next draw (app.nextDraw) is a list naming it, taken after the view has held the ' +
      'result or cancel for 8 s. The result check is held and answered as the path says (a ' +
      'network error is the request aborted). Draw news (socket.drawResult, ' +
      'socket.drawCancelled) are lotteryDraw broadcasts on a socket.io connection the spec ' +
      'serves itself; a news frame without numbers makes the page read the list again when the ' +
      'path needs a list answer. Seconds pass on the page clock. Every path is walkable: ' +
      "events about another draw than the timer's are refused by guards and never planned.",
    walkable: () => true,
    select: 'cover',
  },
  login: {
    model: login as AnyModel,
    spec: 'tests/e2e/login.model.spec.ts',
    notes:
      'The header login modal with a new player. The human verification, login, free play and ' +
      'member info calls go to the real server, held until the path says how they end; a ' +
      'failed human verification or member info call is the request aborted. Replies the real ' +
      'server gives only in other circumstances are the real reply changed by the route: ' +
      'first-time login, expired password (forced change), second factor asked (the real token ' +
      'is handed back when the code is verified), and every login failure (captcha_required, ' +
      'invalid_credentials, account_locked, member_no_enter, error_not_agent), a sent or refused ' +
      'second-factor code, a wrong code and free play refused. Not walked: the SMS-code login ' +
      '(the code would have to be sent for real; the SMS tab is), the site default password ' +
      '(off on this site), a remembered device, social sign-in (it leaves the site) and ' +
      'user.refreshCaptcha (the captcha image refreshes itself; the page never sends it). ' +
      'Sending the second-factor code is walked for the SMS and e-mail factors (the page ' +
      'offers no send button for the authenticator). The ' +
      'real second factor is walked by tests/e2e/second-factor.spec.ts.',
    walkable: (step, _action, { previous, earlier }) => {
      const context = previous.context as { tab: string };
      const event = step.event as { type: string; form?: { type: string; password?: string } };
      switch (event.type) {
        case 'user.submit':
          return (
            context.tab === 'username' &&
            event.form?.type === 'username' &&
            event.form.password !== loginDefaultPassword
          );
        case 'user.continueRemembered':
        case 'user.forgetRemembered':
        case 'user.social':
        case 'user.refreshCaptcha':
          return false;
        case 'user.sendCode':
          // The page offers the send button for the SMS and e-mail factors only.
          return ['sms', 'email'].includes(
            String((previous.context as { factor?: string }).factor),
          );
        case 'xstate.done.actor.loadLoginInfo': {
          const started = earlier.findLast((s) =>
            ['user.submit', 'user.freePlay'].includes(s.event.type),
          );
          const trial = (event as { output?: { type?: number } }).output?.type === 4;
          return trial === (started?.event.type === 'user.freePlay');
        }
        default:
          return true;
      }
    },
    select: 'cover',
  },
  registration: {
    model: registration as AnyModel,
    spec: 'tests/e2e/registration.model.spec.ts',
    notes:
      'The registration page, with ?referralCode=DEMO01 or without. The affiliate check, ' +
      'human verification, registration and member info calls go to the real server, held ' +
      'until the path says how they end: an affiliate check that the path wants valid asks ' +
      'about DEMO01, one it wants invalid about an unknown code; a code typed in the form is ' +
      'DEMO02. A mobile form takes its SMS code from the outbox. A network error or a failed ' +
      "human verification is the request aborted; username_taken is the server's answer " +
      'replayed by the route. A form is submitted only on its own tab (the model may send a ' +
      'username form on the mobile tab; a page cannot).',
    walkable: (step, _action, { previous }) => {
      const context = previous.context as { registerType: string; affiliateShown: boolean };
      const event = step.event as { type: string; form?: Record<string, unknown> };
      if (event.type !== 'user.submit' || !event.form) return true;
      const { form } = event;
      // Terms not ticked, or empty fields: on either tab.
      if (form.agreeTerms === false) return true;
      if (form.username === undefined && form.mobileNum === undefined) return true;
      const type = form.username !== undefined ? 'username' : 'mobile';
      if (type !== context.registerType) return false;
      return form.affiliateCode === undefined || context.affiliateShown;
    },
    select: 'cover',
  },
  'sms-countdown': {
    model: smsCountdown as AnyModel,
    spec: 'tests/e2e/sms-countdown.model.spec.ts',
    notes:
      'On the registration page (mobile number): the send-code call is held and answered as ' +
      'each path says (server errors as the server words them); seconds pass on the page ' +
      'clock. A reply without expiredMinutes is not walked: the contract requires a positive ' +
      'number, so the browser never sees one.',
    walkable: (step, action) =>
      !(action.kind === 'actorDone' && actorOutputField(step, 'expiredMinutes') === null),
    select: 'cover',
  },
  'withdrawal-confirmation': {
    model: withdrawalConfirmation as AnyModel,
    spec: 'tests/e2e/withdrawal-confirmation.model.spec.ts',
    notes:
      'A paid P 500.00 withdrawal of a new player, confirmed on the withdraw page. Images are ' +
      'real files checked in the browser (a text file named .png is "not an image"); the ' +
      'received amount is typed and sent with the confirm button, so it is walked only right ' +
      'before a submit of "partly received". The confirmation goes to the real server; a ' +
      'network error is the request aborted, "already confirmed" the server\'s answer replayed ' +
      'by the route. An unreadable file cannot be made in a browser and is not walked.',
    walkable: (step, action, { previous, before, next }) => {
      const context = previous.context as {
        outcome: string | null;
        images: { id: string }[];
      };
      const partly = context.outcome === 'partlyReceived';
      const picker = context.outcome === 'notReceived' || partly;
      switch (step.event.type) {
        case 'user.setReceivedAmount':
          return partly && next?.event.type === 'user.submit';
        case 'user.submit':
          return !partly || before?.event.type === 'user.setReceivedAmount';
        case 'user.addImages':
          return picker && context.images.length < 3;
        case 'user.removeImage':
          return picker && context.images[0]?.id === 'a';
        case 'xstate.error.actor.inspectImages':
          return false;
        default:
          return true;
      }
    },
    select: 'cover',
  },
};

/** The game of the round a submitBet result carries. */
export function builtinRoundGame(step: ModelStep): string {
  return (step.event as { output?: { round?: { game?: string } } }).output?.round?.game ?? 'dice';
}

function actorOutputField(step: ModelStep, field: string): unknown {
  const output = (step.event as { output?: Record<string, unknown> }).output;
  return output?.[field];
}

/**
 * The path up to its first step the browser cannot drive; null when that leaves only the
 * start. A path cut short is titled after its new last step.
 */
function walkablePrefix(walk: BrowserWalk, path: ModelPath): ModelPath | null {
  const steps: ModelStep[] = [];
  let previous = path.steps[0]!.state;
  for (const [index, step] of path.steps.entries()) {
    const action = stepAction(walk.model, step, previous);
    if (
      !walk.walkable(step, action, {
        previous,
        before: path.steps[index - 1],
        next: path.steps[index + 1],
        earlier: path.steps.slice(0, index),
      })
    )
      break;
    steps.push(step);
    previous = step.state;
  }
  if (steps.length === path.steps.length) return path;
  if (steps.length < 2) return null;
  const setting = settingNames(walk.model).length > 1 ? path.setting : '';
  return { ...path, steps, title: pathTitle(steps, setting) };
}

const signature = (path: ModelPath) =>
  path.steps.map((step) => JSON.stringify(step.event)).join('\n');

/** The walkable paths, without any that is a prefix of another (or a repeat), titles unique. */
function walkablePaths(walk: BrowserWalk): ModelPath[] {
  const cut = generatePaths(walk.model)
    .map((path) => walkablePrefix(walk, path))
    .filter((path): path is ModelPath => path !== null);
  const signatures = cut.map(signature);
  const kept = cut.filter((path, i) => {
    const mine = signatures[i]!;
    return !signatures.some(
      (other, j) =>
        j !== i &&
        path.setting === cut[j]!.setting &&
        (other === mine ? j < i : other.startsWith(`${mine}\n`)),
    );
  });
  const seen = new Map<string, number>();
  return kept.map((path) => {
    const base = path.title.replace(/ #\d+$/, '');
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { ...path, title: count === 1 ? base : `${base} #${count}` };
  });
}

/** The paths the browser walks and what they reach. Deterministic. */
export async function walkPlan(walk: BrowserWalk): Promise<WalkPlan> {
  const candidates = walkablePaths(walk);
  const reached = await Promise.all(
    candidates.map(async (path) => {
      const coverage = emptyCoverage();
      await replayPath(walk.model, path, coverage);
      return new Set([
        ...[...coverage.states].map((id) => `state ${id}`),
        ...[...coverage.transitions].map((id) => `transition ${id}`),
      ]);
    }),
  );
  let chosen = candidates.map((_, index) => index);
  if (walk.select === 'cover') {
    chosen = [];
    const seen = new Set<string>();
    for (;;) {
      let best = -1;
      let gain = 0;
      reached.forEach((items, index) => {
        const fresh = [...items].filter((item) => !seen.has(item)).length;
        if (fresh > gain) [best, gain] = [index, fresh];
      });
      if (best < 0) break;
      chosen.push(best);
      for (const item of reached[best] ?? []) seen.add(item);
    }
    chosen.sort((a, b) => a - b);
  }
  const paths = chosen.map((index) => candidates[index]!);
  const coverage = emptyCoverage();
  for (const path of paths) await replayPath(walk.model, path, coverage);
  return { paths, report: coverageReport(walk.model, coverage, paths.length) };
}
