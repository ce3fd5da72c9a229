import { createHmac, randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Db } from '../../platform/db/client.ts';
import {
  humanVerificationAnswerSchema,
  type HumanVerificationReply,
} from '../../../contract/human-verification.ts';
import { deleteExpiredUsed, markUsed } from './human-verification.repository.ts';
import { findSecret, insertSecretIfMissing } from './verification.repository.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The proof of work asked: SHA-256 of salt + nonce + counter, once per attempt, with the counter
 * drawn between these bounds. A phone's browser tries a few thousand counters in a fraction of
 * a second; a script sending thousands of logins or SMS a minute pays for each of them.
 */
export const humanVerificationWork = {
  algorithm: 'SHA-256',
  cost: 1,
  counterMin: 1_000,
  counterMax: 4_000,
  /** A challenge must be answered within this long, and its answer counts once. */
  validMinutes: 5,
} as const;

const SECRET_NAME = 'altcha';

/** Anything wrong with an answer is the same 400: missing, unreadable, forged, expired, reused. */
const failed = () => new AppError(400, 'human_verification_failed');

function decodeAnswer(answer: string) {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(answer)) return null;
  try {
    const parsed = humanVerificationAnswerSchema.safeParse(
      JSON.parse(Buffer.from(answer, 'base64').toString('utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type HumanVerificationDeps = {
  db: Db;
  clock: Clock;
  /** HUMAN_VERIFICATION=off: no challenge is given and no answer asked. */
  enabled: boolean;
};

/**
 * Human verification with altcha (v2 proof of work): challenges signed with an HMAC secret kept
 * in the database (so any node checks what another issued), valid a few minutes, each answer
 * accepted once across nodes (the used nonce is stored until the challenge expires).
 *
 * @example
 * const human = createHumanVerificationService({ db, clock, enabled: true });
 * const { challenge } = await human.challenge();
 * await human.verify(payload.humanVerification); // throws 400 on a missing or failed answer
 */
export function createHumanVerificationService(deps: HumanVerificationDeps) {
  let secrets: { challenge: string; key: string } | undefined;

  async function load() {
    if (secrets) return secrets;
    let stored = await findSecret(deps.db, SECRET_NAME);
    if (!stored) {
      await insertSecretIfMissing(deps.db, SECRET_NAME, randomBytes(32).toString('base64url'));
      // Another node may have won the insert; everyone uses the stored secret.
      stored = await findSecret(deps.db, SECRET_NAME);
      if (!stored) throw new Error('human verification secret was not stored');
    }
    const derive = (purpose: string) =>
      createHmac('sha256', Buffer.from(stored, 'base64url')).update(purpose).digest('hex');
    // One secret signs the challenge, another the expected key (altcha's deterministic mode).
    secrets = { challenge: derive('altcha-challenge'), key: derive('altcha-key') };
    return secrets;
  }

  return {
    enabled: deps.enabled,

    /** A new signed challenge; none when human verification is off. */
    async challenge(): Promise<HumanVerificationReply> {
      if (!deps.enabled) return { enabled: false, challenge: null };
      const { challenge, key } = await load();
      const work = humanVerificationWork;
      const issued = await createChallenge({
        algorithm: work.algorithm,
        cost: work.cost,
        counter: randomInt(work.counterMax, work.counterMin),
        deriveKey,
        expiresAt: new Date(deps.clock().getTime() + work.validMinutes * 60_000),
        hmacSignatureSecret: challenge,
        hmacKeySignatureSecret: key,
      });
      return { enabled: true, challenge: issued };
    },

    /**
     * Accepts a solved challenge once; throws 400 verification_required when no answer came (the
     * spec's "please complete verification first") and 400 human_verification_failed for a
     * malformed, forged, expired or already used one. Does nothing when verification is off.
     */
    async verify(answer: string | undefined): Promise<void> {
      if (!deps.enabled) return;
      if (!answer) throw new AppError(400, 'verification_required');
      const decoded = decodeAnswer(answer);
      if (!decoded) throw failed();
      const { challenge, solution } = decoded;
      const { algorithm, expiresAt, nonce } = challenge.parameters;
      // Only the work we ask for: a forged algorithm or cost fails the signature anyway, and
      // this keeps an unsigned one from costing us a slow derivation.
      if (algorithm !== humanVerificationWork.algorithm || !challenge.signature) throw failed();
      const now = deps.clock();
      if (expiresAt === undefined || expiresAt * 1000 <= now.getTime()) throw failed();
      const secret = await load();
      let verified: boolean;
      try {
        const result = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: secret.challenge,
          hmacKeySignatureSecret: secret.key,
        });
        verified = result.verified;
      } catch {
        verified = false;
      }
      if (!verified) throw failed();
      await deleteExpiredUsed(deps.db, now);
      if (!(await markUsed(deps.db, nonce, new Date(expiresAt * 1000)))) throw failed();
    },
  };
}

export type HumanVerificationService = ReturnType<typeof createHumanVerificationService>;
