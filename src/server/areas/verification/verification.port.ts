/**
 * What other areas may use of the verification area: code sends and checks and the human check
 * (decorated as `app.verification`), and the helpers identity uses inside its transactions.
 */
import type { VerificationService } from './verification.service.ts';
import type { HumanVerificationService } from './human-verification.service.ts';

export type VerificationPort = {
  verification: Pick<VerificationService, 'sendSms' | 'sendEmail' | 'checkCode'>;
  humanVerification: HumanVerificationService;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The verification area's port (registered by `verificationArea`). */
    verification: VerificationPort;
  }
}

export type { VerificationService, HumanVerificationService };
export { phoneTarget, verificationError } from './verification.service.ts';
export { hashCaptchaAnswer } from './captcha.service.ts';
export { consumeCaptchaAnswer, dropCaptcha } from './captcha-answers.repository.ts';
