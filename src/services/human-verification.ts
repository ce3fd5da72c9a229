import { solveChallenge, solveChallengeWorkers, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import {
  humanVerificationPaths,
  humanVerificationReplySchema,
  type HumanVerificationChallenge,
} from '../contract/human-verification.ts';
import type { HttpClient } from './http-client.ts';

/** Far beyond the work asked (well under a second on a phone); a stuck solver gives up. */
const SOLVE_TIMEOUT_MS = 20_000;
const MAX_WORKERS = 4;

function solveInWorkers(
  challenge: HumanVerificationChallenge,
  controller: AbortController,
): Promise<Solution | null> {
  return solveChallengeWorkers({
    challenge,
    concurrency: Math.min(MAX_WORKERS, navigator.hardwareConcurrency || 1),
    controller,
    timeout: SOLVE_TIMEOUT_MS,
    createWorker: () =>
      new Worker(new URL('./human-verification.worker.ts', import.meta.url), { type: 'module' }),
  });
}

async function solve(
  challenge: HumanVerificationChallenge,
  controller: AbortController,
): Promise<Solution | null> {
  if (typeof Worker === 'function') {
    try {
      return await solveInWorkers(challenge, controller);
    } catch {
      // No workers here (blocked, or out of memory): the page's own thread does the work.
    }
  }
  return solveChallenge({ challenge, deriveKey, controller, timeout: SOLVE_TIMEOUT_MS });
}

/**
 * Answers the server's human-verification challenge (altcha proof of work) before a username
 * login, a registration or an SMS send: fetches a challenge, finds its counter (in Web Workers
 * where the browser has them) and returns the altcha payload, base64 of `{ challenge, solution }`,
 * for the call's `humanVerification` field. Returns '' when the site has human verification off,
 * and also when no solution was found (no WebCrypto outside HTTPS, or the time-out): the call
 * then goes without an answer and the server refuses it with its own translated
 * verification_required.
 *
 * @example
 * const humanVerification = await solveHumanVerification(http, signal);
 * await identity.login({ ...form, ...(humanVerification ? { humanVerification } : {}) });
 */
export async function solveHumanVerification(
  http: HttpClient,
  signal?: AbortSignal,
): Promise<string> {
  const reply = await http.get(humanVerificationPaths.challenge, humanVerificationReplySchema, {
    signal,
  });
  const challenge = reply.challenge;
  if (!reply.enabled || !challenge) return '';
  signal?.throwIfAborted();

  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  let solution: Solution | null;
  try {
    solution = await solve(challenge, controller);
  } catch {
    solution = null;
  } finally {
    signal?.removeEventListener('abort', abort);
  }
  signal?.throwIfAborted();
  if (!solution) return '';
  return btoa(JSON.stringify({ challenge, solution }));
}
