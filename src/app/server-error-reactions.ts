import type { ApiError } from '../services/http-client.ts';

/** What the app does when a call meets one of these refusals, whichever screen made it. */
export type ServerErrorTargets = {
  /** The forced password change popup: open it (unless it is open already). */
  openChangePassword: () => void;
  /** The system status machine: read the status again (its maintenance page then shows). */
  statusChanged: () => void;
};

/**
 * The reactions to refusals that are not about the call itself: `password_change_required`
 * (a reload, a link into the member center) opens the forced change; `system_maintenance`
 * (503: the operator switched maintenance on while the player was on the site) re-reads the
 * system status, so the maintenance page, in the player's language, replaces the screen whose
 * login, launch, bet or transfer was refused, instead of a failed form.
 */
export function reactToServerError(error: Pick<ApiError, 'code'>, targets: ServerErrorTargets) {
  if (error.code === 'password_change_required') targets.openChangePassword();
  else if (error.code === 'system_maintenance') targets.statusChanged();
}
