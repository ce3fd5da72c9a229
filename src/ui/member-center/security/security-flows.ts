import { use } from 'react';
import { createFlowsContext } from '../../hooks/flows-context.ts';
import type { authenticatorMachine } from '../../../machines/authenticator.machine.ts';
import type { contactChangeMachine } from '../../../machines/contact-change.machine.ts';
import type { paymentPasswordMachine } from '../../../machines/payment-password.machine.ts';
import type { remoteDataMachine } from '../../../machines/remote-data.machine.ts';

/**
 * The security center's flows, their effects supplied by the app: the page starts each with
 * `useActorRef` when it opens, so every visit reads fresh data.
 */
export type SecurityFlows = {
  /** The authenticator (TOTP): status, bind with QR code, unbind. */
  authenticator: typeof authenticatorMachine;
  /** Change of mobile number or e-mail (input `{ kind }`). */
  contactChange: typeof contactChangeMachine;
  /** The payment password: set the first one or change it. */
  paymentPassword: typeof paymentPasswordMachine;
  /** The security summary (contract `SecuritySummary`). */
  summary: typeof remoteDataMachine;
};

/** The security center's flows come with its first page (not the first page): one promise. */
export type SecurityFlowsLoader = () => Promise<SecurityFlows>;

export const [SecurityFlowsProvider, useSecurityFlowsLoader] =
  createFlowsContext<SecurityFlowsLoader>('Security');

/** The security flows; the page suspends (its Suspense shows loading) until they are made. */
export function useSecurityFlows(): SecurityFlows {
  return use(useSecurityFlowsLoader()());
}
