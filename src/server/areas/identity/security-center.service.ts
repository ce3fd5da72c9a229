import type { Language } from '../../../contract/constants.ts';
import type {
  ChangeEmailPayload,
  ChangeMobilePayload,
  ContactChangeResult,
  EmailCodePayload,
  MobileCodePayload,
  SecuritySummary,
} from '../../../contract/security-center.ts';
import type { Db } from '../../platform/db/client.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import { createMemberSecrets, memberSecretLimits } from '../../platform/members/member-secrets.ts';
import { findMemberForUpdate, updateMember, type MemberRow } from './members.repository.ts';
import {
  findOtherMemberWithEmail,
  findOtherMemberWithMobile,
} from './security-center.repository.ts';
import { lockKey } from '../../platform/db/advisory-lock.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { SecondFactorService } from './second-factor.service.ts';
import {
  phoneTarget,
  verificationError,
  type VerificationService,
} from '../verification/verification.port.ts';

/** Wrong current passwords on these calls before they lock for the member (issue 3, item 7). */
export const securityCenterLimits = memberSecretLimits.password;

/** Advisory lock space of contact targets while a member takes one (not the code spaces). */
const CONTACT_SPACE = 7311;
const fieldError = (field: string) => new AppError(400, 'bad_request', 'bad_field', { field });

export type SecurityClient = { ip: string };

type Contact = Pick<MemberRow, 'countryDialingCode' | 'mobile' | 'email'>;
const contactOf = (member: Contact): ContactChangeResult => ({
  countryDialingCode: member.countryDialingCode,
  mobileNum: member.mobile,
  email: member.email,
});

/**
 * The account security of the member center: the summary, and the change of the mobile number
 * and the e-mail address. Each step asks the current password again (wrong ones count and lock
 * these calls for a while) and the change needs the code sent to the NEW number or address, so a
 * stolen session alone cannot move the account's contacts. Every step is audited, never with a
 * password or code.
 */
export function createSecurityCenterService(deps: {
  db: Db;
  clock: Clock;
  verification: Pick<VerificationService, 'sendSms' | 'sendEmail' | 'checkCode'>;
  secondFactor: Pick<SecondFactorService, 'totpStatus'>;
  /** After a contact change (member info shows it; the node's member cache drops it). */
  memberChanged?: (memberId: number) => void;
}) {
  const { db, clock } = deps;
  const secrets = createMemberSecrets({ db, clock });

  const audit = (
    tx: Db,
    member: Pick<MemberRow, 'id'>,
    action: string,
    before: object | null,
    after: object,
  ) =>
    insertAudit(tx, {
      actor: `member:${member.id}`,
      action,
      target: `member:${member.id}`,
      before,
      after,
    });

  /** The current password, asked again; wrong ones count toward the member's password lock. */
  const assertPassword = (member: MemberRow, password: string, step: string) =>
    secrets.verifyPassword(member, password, {
      action: 'member.contact_change_failed',
      after: { step, reason: 'password' },
    });

  async function assertMobileFree(tx: Db, member: MemberRow, payload: MobileCodePayload) {
    if (
      member.countryDialingCode === payload.countryDialingCode &&
      member.mobile === payload.mobileNum
    ) {
      throw fieldError('mobileNum');
    }
    const other = await findOtherMemberWithMobile(
      tx,
      member.id,
      payload.countryDialingCode,
      payload.mobileNum,
    );
    if (other) throw new AppError(409, 'mobile_taken');
  }

  async function assertEmailFree(tx: Db, member: MemberRow, email: string) {
    if (member.email?.toLowerCase() === email.toLowerCase()) throw fieldError('email');
    if (await findOtherMemberWithEmail(tx, member.id, email)) {
      throw new AppError(409, 'email_taken');
    }
  }

  async function checkCode(target: string, purpose: 'bindPhone' | 'bindEmail', code: string) {
    const checked = await deps.verification.checkCode({ target, purpose, code });
    if (!checked.ok) throw verificationError(checked.code);
  }

  /** Sets the contact in one transaction, the target held so two members cannot take it. */
  async function commit(
    member: MemberRow,
    target: string,
    check: (tx: Db, row: MemberRow) => Promise<void>,
    patch: Partial<Contact>,
    action: string,
  ): Promise<ContactChangeResult> {
    const result = await db.transaction(async (tx) => {
      await lockKey(tx, CONTACT_SPACE, target);
      const row = await findMemberForUpdate(tx, member.id);
      if (!row) throw new AppError(401, 'not_logged_in');
      await check(tx, row);
      const updated = await updateMember(tx, member.id, patch);
      if (!updated) throw new AppError(401, 'not_logged_in');
      await audit(tx, member, action, contactOf(row), contactOf(updated));
      return contactOf(updated);
    });
    deps.memberChanged?.(member.id);
    return result;
  }

  return {
    async summary(member: MemberRow): Promise<SecuritySummary> {
      return {
        countryDialingCode: member.countryDialingCode,
        mobileNum: member.mobile,
        email: member.email,
        paymentPasswordSet: member.paymentPasswordHash !== null,
        totpBound: (await deps.secondFactor.totpStatus(member)).bound,
      };
    },

    /** Sends a code to the new number after the current password; the number must be free. */
    async sendMobileCode(
      member: MemberRow,
      payload: MobileCodePayload,
      client: SecurityClient,
      language: Language,
    ): Promise<{ expiredMinutes: number }> {
      await assertPassword(member, payload.password, 'mobile_code');
      await assertMobileFree(db, member, payload);
      await audit(db, member, 'member.mobile_code_requested', null, {
        countryDialingCode: payload.countryDialingCode,
        mobileNum: payload.mobileNum,
        ip: client.ip,
      });
      // The password stands in for the captcha: only the account's owner gets this far.
      return deps.verification.sendSms({
        purpose: 'bindPhone',
        countryDialingCode: payload.countryDialingCode,
        mobileNo: payload.mobileNum,
        ip: client.ip,
        language,
        captchaExempt: true,
      });
    },

    /** Sets the new number: the current password and the code sent to that number. */
    async changeMobile(member: MemberRow, payload: ChangeMobilePayload) {
      await assertPassword(member, payload.password, 'mobile');
      await assertMobileFree(db, member, payload);
      const target = phoneTarget(payload.countryDialingCode, payload.mobileNum);
      await checkCode(target, 'bindPhone', payload.verificationCode);
      return commit(
        member,
        target,
        (tx, row) => assertMobileFree(tx, row, payload),
        { countryDialingCode: payload.countryDialingCode, mobile: payload.mobileNum },
        'member.mobile_changed',
      );
    },

    /** Sends a code to the new address after the current password; the address must be free. */
    async sendEmailCode(
      member: MemberRow,
      payload: EmailCodePayload,
      client: SecurityClient,
      language: Language,
    ): Promise<{ expiredMinutes: number }> {
      await assertPassword(member, payload.password, 'email_code');
      await assertEmailFree(db, member, payload.email);
      await audit(db, member, 'member.email_code_requested', null, {
        email: payload.email,
        ip: client.ip,
      });
      return deps.verification.sendEmail({
        purpose: 'bindEmail',
        email: payload.email,
        ip: client.ip,
        language,
      });
    },

    /** Sets the new address: the current password and the code sent to that address. */
    async changeEmail(member: MemberRow, payload: ChangeEmailPayload) {
      await assertPassword(member, payload.password, 'email');
      await assertEmailFree(db, member, payload.email);
      const target = payload.email.toLowerCase();
      await checkCode(target, 'bindEmail', payload.verificationCode);
      return commit(
        member,
        target,
        (tx, row) => assertEmailFree(tx, row, payload.email),
        { email: payload.email },
        'member.email_changed',
      );
    },
  };
}

export type SecurityCenterService = ReturnType<typeof createSecurityCenterService>;
