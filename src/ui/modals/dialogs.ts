import { fromTransition } from 'xstate';
import type { ChangePasswordReason } from '../../machines/change-password.machine.ts';

/** What a trial account was refused: a real account's page or action, or a game launch. */
export type RegisterFirstReason = 'account' | 'launch';

/** The identity popups the header and the flows open; one at a time. */
export type DialogState =
  | { open: null }
  | { open: 'login' }
  | { open: 'register' }
  | { open: 'forget' }
  /** A trial (free play) account tried an action for real accounts, or to launch a game. */
  | { open: 'registerFirst'; reason: RegisterFirstReason }
  | { open: 'changePassword'; reason: ChangePasswordReason; heldPassword: string | null };

export type DialogEvent =
  | { type: 'user.openLogin' }
  | { type: 'user.openRegister' }
  | { type: 'user.openForget' }
  | { type: 'app.openRegisterFirst'; reason?: RegisterFirstReason }
  | { type: 'app.openChangePassword'; reason: ChangePasswordReason; heldPassword: string | null }
  | { type: 'user.close' };

/**
 * Which identity popup is open (loginPopupModal, registerModal, the forgot-password modal, the
 * change-password popup). Opening one closes the other.
 */
export const dialogLogic = fromTransition(
  (state: DialogState, event: DialogEvent): DialogState => {
    switch (event.type) {
      case 'user.openLogin':
        return { open: 'login' };
      case 'user.openRegister':
        return { open: 'register' };
      case 'user.openForget':
        return { open: 'forget' };
      case 'app.openRegisterFirst':
        return { open: 'registerFirst', reason: event.reason ?? 'account' };
      case 'app.openChangePassword':
        return { open: 'changePassword', reason: event.reason, heldPassword: event.heldPassword };
      case 'user.close':
        return { open: null };
      default:
        return state;
    }
  },
  { open: null } as DialogState,
);
