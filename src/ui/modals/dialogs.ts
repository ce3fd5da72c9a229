import { fromTransition } from 'xstate';
import type { ChangePasswordReason } from '../../machines/change-password.machine.ts';

/** The identity popups the header and the flows open; one at a time. */
export type DialogState =
  | { open: null }
  | { open: 'login' }
  | { open: 'register' }
  | { open: 'forget' }
  /** A trial (free play) account tried an action for real accounts. */
  | { open: 'registerFirst' }
  | { open: 'changePassword'; reason: ChangePasswordReason; heldPassword: string | null };

export type DialogEvent =
  | { type: 'user.openLogin' }
  | { type: 'user.openRegister' }
  | { type: 'user.openForget' }
  | { type: 'app.openRegisterFirst' }
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
        return { open: 'registerFirst' };
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
