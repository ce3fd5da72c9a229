import type { SystemService } from '../areas/system/system.service.ts';
import type { KeyService } from '../platform/keys/keys.service.ts';
import type { CaptchaService } from '../areas/verification/captcha.service.ts';
import type { MemberService } from '../areas/identity/member.service.ts';
import type { OpsService } from '../areas/operator/ops.service.ts';
import type { HumanVerificationService } from '../areas/verification/human-verification.service.ts';
import type { LedgerService } from '../areas/wallet/ledger.service.ts';

/** The services the routes call, built once in app.ts. */
export type Services = {
  system: SystemService;
  keys: KeyService;
  captcha: CaptchaService;
  member: MemberService;
  ops: OpsService;
  humanVerification: HumanVerificationService;
  ledger: LedgerService;
};
