import { fromPromise, type ActorRefFrom } from 'xstate';
import { authenticatorMachine } from '../machines/authenticator.machine.ts';
import { contactChangeMachine } from '../machines/contact-change.machine.ts';
import { paymentPasswordMachine } from '../machines/payment-password.machine.ts';
import { remoteDataMachine } from '../machines/remote-data.machine.ts';
import type { sessionMachine } from '../machines/session.machine.ts';
import type { IdentityService } from '../services/identity.service.ts';
import type { SecurityService } from '../services/security.service.ts';
import type { WithdrawClient } from '../services/withdraw.service.ts';
import type { SecurityFlows } from '../ui/member-center/security/security-flows.ts';

/**
 * The security center's machines wired to the calls: the authenticator to the identity client's
 * TOTP calls, the contact change to the security client; both reload member info into the
 * session after a change.
 */
export function createSecurityFlows(deps: {
  identity: IdentityService;
  security: SecurityService;
  /** The payment password's calls live with the withdrawal's. */
  withdraw: WithdrawClient;
  session: ActorRefFrom<typeof sessionMachine>;
}): SecurityFlows {
  const { identity, security, withdraw, session } = deps;
  const reloadMember = () => {
    void identity.memberInfo().then(
      (member) => session.send({ type: 'app.memberLoaded', member }),
      () => {},
    );
  };

  return {
    authenticator: authenticatorMachine.provide({
      actors: {
        loadStatus: fromPromise(({ signal }) => identity.totpStatus(signal)),
        submitSetup: fromPromise(({ input }) => identity.totpSetup(input.password)),
        submitConfirm: fromPromise(({ input }) => identity.totpConfirm(input.code)),
        submitUnbind: fromPromise(({ input }) => identity.totpUnbind(input)),
      },
      actions: { reloadMember },
    }),
    contactChange: contactChangeMachine.provide({
      actors: {
        sendCode: fromPromise(({ input }) =>
          input.kind === 'mobile'
            ? security.sendMobileCode({
                password: input.password,
                countryDialingCode: input.countryDialingCode,
                mobileNum: input.mobileNum.trim(),
              })
            : security.sendEmailCode({ password: input.password, email: input.email.trim() }),
        ),
        submitChange: fromPromise(async ({ input: { request, code } }) => {
          if (request.kind === 'mobile') {
            await security.changeMobile({
              password: request.password,
              countryDialingCode: request.countryDialingCode,
              mobileNum: request.mobileNum.trim(),
              verificationCode: code,
            });
          } else {
            await security.changeEmail({
              password: request.password,
              email: request.email.trim(),
              verificationCode: code,
            });
          }
        }),
      },
      actions: { reloadMember },
    }),
    paymentPassword: paymentPasswordMachine.provide({
      actors: {
        submitPaymentPassword: fromPromise(({ input: { mode, form } }) =>
          mode === 'change' && form.currentPaymentPassword !== null
            ? withdraw.changePaymentPassword({
                currentPaymentPassword: form.currentPaymentPassword,
                paymentPassword: form.paymentPassword,
                password: form.password,
              })
            : withdraw.setPaymentPassword({
                paymentPassword: form.paymentPassword,
                password: form.password,
              }),
        ),
      },
    }),
    summary: remoteDataMachine.provide({
      actors: { load: fromPromise(({ signal }) => security.summary(signal)) },
      guards: { isEmpty: () => false },
    }),
  };
}
