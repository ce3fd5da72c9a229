import { Secret, TOTP } from 'otpauth';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { createAttemptLimiter } from '../../platform/attempts/attempt-limiter.ts';
import { insertAudit } from '../../platform/audit/audit.repository.ts';
import type { Operator } from '../../platform/http/auth.ts';
import type { SecretBox } from '../../platform/keys/secret-box.ts';
import { getSettings } from '../system/system.port.ts';
import {
  deleteOperatorTotp,
  findOperatorTotp,
  spendOperatorTotpStep,
  updateOperatorTotp,
  upsertPendingOperatorTotp,
  type OperatorTotpRow,
} from './operator-totp.repository.ts';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30 s (as for players). */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** One step either side, for clocks a little apart. */
const TOTP_WINDOW = 1;

/** Wrong codes of one operator (enrolment and sign-in alike) that stop its codes for a while. */
export const operatorCodeLimits = { windowMinutes: 15, lockAfter: 5, lockMinutes: 15 } as const;
const codes = createAttemptLimiter(operatorCodeLimits);
const codeKey = (operatorId: number) => `ops:totp:${operatorId}`;

export type OperatorCodeCheck = 'right' | 'wrong' | 'locked';

/**
 * The operators' authenticators: enrolment through /ops/operator/totp (the call's own HTTP
 * Basic is the password asked), codes used once per time step, secrets sealed with
 * TOTP_ENCRYPTION_KEYS. Wrong codes count per operator in the platform's attempt limiter.
 * Every step is audited, never with a code or secret.
 */
export function createOperatorTotpService(deps: { db: Db; clock: Clock; secretBox: SecretBox }) {
  const { db, clock, secretBox } = deps;

  const audit = (operator: Pick<Operator, 'id'>, action: string, after: object) =>
    insertAudit(db, {
      actor: `operator:${operator.id}`,
      action,
      target: `operator:${operator.id}`,
      before: null,
      after,
    });

  /** The clear secret; one sealed with an older key (or in clear) is sealed again now. */
  async function secretOf(row: OperatorTotpRow): Promise<string> {
    const { plain, stale } = secretBox.open(row.secret);
    if (stale) await updateOperatorTotp(db, row.operatorId, { secret: secretBox.seal(plain) });
    return plain;
  }

  /** The time step a code is valid for, or null. */
  function stepOf(secret: string, code: string): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const totp = new TOTP({ ...TOTP_PARAMS, secret: Secret.fromBase32(secret) });
    const timestamp = clock().getTime();
    const delta = totp.validate({ token: code, timestamp, window: TOTP_WINDOW });
    return delta === null ? null : totp.counter({ timestamp }) + delta;
  }

  /** One code checked in the operator's code limiter; `use` acts on its step when it is right. */
  async function check(
    operatorId: number,
    code: string,
    use: (row: OperatorTotpRow, step: number) => Promise<boolean>,
  ): Promise<OperatorCodeCheck> {
    const result = await codes.attempt(db, codeKey(operatorId), clock(), async () => {
      const row = await findOperatorTotp(db, operatorId);
      if (!row) return false;
      const step = stepOf(await secretOf(row), code);
      return step !== null && use(row, step);
    });
    return result.outcome;
  }

  async function bound(operatorId: number) {
    const row = await findOperatorTotp(db, operatorId);
    return row?.confirmedAt ? row : undefined;
  }

  const refusal = (outcome: OperatorCodeCheck) =>
    outcome === 'locked'
      ? new AppError(429, 'ops_locked')
      : new AppError(400, 'two_factor_invalid');

  return {
    /**
     * A current code of the operator's bound authenticator, taken once (a replay is wrong):
     * what lets a right password pass the sign-in locks.
     */
    takeCode: (operatorId: number, code: string): Promise<OperatorCodeCheck> =>
      check(
        operatorId,
        code,
        async (row, step) =>
          row.confirmedAt !== null && spendOperatorTotpStep(db, operatorId, step),
      ),

    async status(operator: Operator): Promise<{ bound: boolean }> {
      return { bound: (await bound(operator.id)) !== undefined };
    },

    /** A new secret, pending until a code confirms it (a new setup replaces a pending one). */
    async setup(operator: Operator): Promise<{ secret: string; otpauthUri: string }> {
      if (await bound(operator.id)) throw new AppError(409, 'totp_already_bound');
      const secret = new Secret({ size: 20 }).base32;
      const row = await upsertPendingOperatorTotp(db, {
        operatorId: operator.id,
        secret: secretBox.seal(secret),
        createdAt: clock(),
      });
      if (!row) throw new AppError(409, 'totp_already_bound');
      await audit(operator, 'operator.totp_setup', { pending: true });
      const { siteName } = await getSettings(db);
      const totp = new TOTP({
        ...TOTP_PARAMS,
        issuer: `${siteName} ops`,
        label: operator.username,
        secret: Secret.fromBase32(secret),
      });
      return { secret, otpauthUri: totp.toString() };
    },

    /** Binds the pending authenticator with a code it shows. */
    async confirm(operator: Operator, code: string): Promise<{ bound: boolean }> {
      const row = await findOperatorTotp(db, operator.id);
      if (!row) throw new AppError(409, 'totp_setup_required');
      if (row.confirmedAt) throw new AppError(409, 'totp_already_bound');
      const outcome = await check(operator.id, code, async (pending, step) => {
        if (pending.confirmedAt) return false;
        await updateOperatorTotp(db, operator.id, { confirmedAt: clock(), lastUsedStep: step });
        return true;
      });
      if (outcome !== 'right') {
        await audit(operator, 'operator.totp_failed', { step: 'confirm', outcome });
        throw refusal(outcome);
      }
      await audit(operator, 'operator.totp_bound', { bound: true });
      return { bound: true };
    },

    /** Unbinds the authenticator with one of its current codes. */
    async unbind(operator: Operator, code: string): Promise<{ bound: boolean }> {
      if (!(await bound(operator.id))) throw new AppError(409, 'totp_not_bound');
      const outcome = await check(operator.id, code, async (row, step) => {
        if (!row.confirmedAt || !(await spendOperatorTotpStep(db, operator.id, step))) {
          return false;
        }
        await deleteOperatorTotp(db, operator.id);
        return true;
      });
      if (outcome !== 'right') {
        await audit(operator, 'operator.totp_failed', { step: 'unbind', outcome });
        throw refusal(outcome);
      }
      await audit(operator, 'operator.totp_unbound', { bound: false });
      return { bound: false };
    },
  };
}

export type OperatorTotpService = ReturnType<typeof createOperatorTotpService>;
