import type { SystemService } from './system.service.ts';
import type { KeyService } from '../platform/keys/keys.service.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { MemberService } from './member.service.ts';
import type { OpsService } from './ops.service.ts';
import type { HumanVerificationService } from './human-verification.service.ts';
import type { LedgerService } from './ledger.service.ts';

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
