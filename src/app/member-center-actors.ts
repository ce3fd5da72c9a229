import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { memberCenterMachine } from '../machines/member-center.machine.ts';
import { headerBalanceMachine } from '../machines/header-balance.machine.ts';
import type { sessionMachine } from '../machines/session.machine.ts';
import type { dialogLogic } from '../ui/modals/dialogs.ts';
import { pointsMallHandoffKey } from '../contract/member-center.ts';

/** Local storage key of the header's show/hide balance choice ('1' hidden). */
export const balanceHiddenKey = 'balanceHidden';

type Deps = {
  session: ActorRefFrom<typeof sessionMachine>;
  dialogs: ActorRefFrom<typeof dialogLogic>;
  /** GET /wps/v2/wallets/balance: sumBalance in integer minor units. */
  loadBalance: (signal: AbortSignal) => Promise<string>;
  /**
   * Local storage (the show/hide choice) and session storage (the points-mall handoff);
   * the page's own by default.
   */
  storages?: { local: Storage | null; session: Storage | null };
};

/** A browser storage, or null where it is missing or refused (private mode, sandboxes). */
function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof globalThis[kind] === 'undefined' ? null : globalThis[kind];
  } catch {
    return null;
  }
}

function readFlag(storage: Storage | null, key: string): boolean {
  try {
    return storage?.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeFlag(storage: Storage | null, key: string, on: boolean): void {
  try {
    if (on) storage?.setItem(key, '1');
    else storage?.removeItem(key);
  } catch {
    // A refused storage keeps the choice for this page only.
  }
}

/**
 * The member center overlay and the header balance controls, with their effects: the session
 * feeds the overlay (trial account, unread badge, sign-out) and takes the refreshed balance.
 */
export function createMemberCenterActors(deps: Deps) {
  const { session, dialogs } = deps;
  const storages = deps.storages ?? {
    local: browserStorage('localStorage'),
    session: browserStorage('sessionStorage'),
  };

  const memberCenter = createActor(
    memberCenterMachine.provide({
      actions: {
        clearPointsMallHandoff: () => {
          try {
            storages.session?.removeItem(pointsMallHandoffKey);
          } catch {
            // Nothing stored, nothing to clear.
          }
        },
        askToRegisterFirst: () => dialogs.send({ type: 'app.openRegisterFirst' }),
      },
    }),
  );

  const headerBalance = createActor(
    headerBalanceMachine.provide({
      actors: { loadBalance: fromPromise(({ signal }) => deps.loadBalance(signal)) },
      actions: {
        applyBalance: (_, { balance }) => session.send({ type: 'realtime.balance', balance }),
        persistVisibility: (_, { hidden }) => writeFlag(storages.local, balanceHiddenKey, hidden),
      },
    }),
    { input: { hidden: readFlag(storages.local, balanceHiddenKey) } },
  );

  // The session drives the overlay: who is in, the unread badge, and the end of the session.
  let last: { member: boolean; isTrial: boolean; unread: number | null } | null = null;
  const follow = () => {
    const snapshot = session.getSnapshot();
    const next = {
      member: snapshot.matches('member'),
      isTrial: snapshot.context.isTrial,
      unread: snapshot.context.unread,
    };
    if (last?.isTrial !== next.isTrial) {
      memberCenter.send({ type: 'app.accountChanged', isTrial: next.isTrial });
    }
    if (last?.unread !== next.unread) {
      memberCenter.send({ type: 'app.countChanged', page: 'messageV2', count: next.unread ?? 0 });
    }
    if (last?.member && !next.member) memberCenter.send({ type: 'app.loggedOut' });
    last = next;
  };

  return {
    memberCenter,
    headerBalance,
    start: () => {
      memberCenter.start();
      headerBalance.start();
      session.subscribe(follow);
      follow();
    },
  };
}
