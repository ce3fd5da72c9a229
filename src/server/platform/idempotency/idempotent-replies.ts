import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { ok } from '../http/responses.ts';
import {
  findStoredReply,
  insertStoredReply,
  type StoredReplyRow,
} from './idempotent-replies.repository.ts';

/** A reply as it goes on the wire: its status and its exact body. */
export type StoredReply = { status: number; body: string };

/** One call that takes a client's key. */
export type IdempotentCall = {
  /** Whose key it is: 'member:12', 'operator:name'. */
  scope: string;
  key: string;
  /** Which call: 'wallet.transfer', 'deposit.create', ... */
  operation: string;
  /** What makes two calls with one key the same request. Never a secret (it is hashed, unsalted). */
  request: unknown;
};

/** Stores the call's reply inside the transaction that makes its effect. */
export type RecordReply<T> = (tx: Db, value: T) => Promise<void>;

/** The key was stored by a concurrent call while this one ran: its transaction rolls back. */
class KeyTaken extends Error {
  constructor() {
    super('idempotency key taken by a concurrent call');
  }
}

function isKeyTaken(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof KeyTaken) return true;
    if (typeof e !== 'object') break;
  }
  return false;
}

/** JSON with sorted object keys, so a request hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(typeof value === 'bigint' ? value.toString() : value) ?? 'null';
}

const hashOf = (call: IdempotentCall) =>
  createHash('sha256')
    .update(canonical({ operation: call.operation, request: call.request }))
    .digest('hex');

function replayOf(stored: StoredReplyRow | undefined, hash: string): StoredReply {
  if (!stored) throw new Error('stored reply vanished');
  if (stored.requestHash !== hash) throw new AppError(409, 'idempotency_key_reused');
  return { status: stored.status, body: stored.body };
}

/**
 * The one mechanism of every call that takes an idempotency key: the first successful reply is
 * stored (status and body, as sent) in the transaction of the call's effect, and every later
 * call with the key gets those bytes back, the same as the first, after a restart too. The same
 * key with another operation or request is refused (409 idempotency_key_reused). A refused call
 * (an AppError) stores nothing, so it may be retried with its key.
 *
 * `work` makes the effect and calls `record(tx, value)` in its transaction; when it made no
 * effect of its own (a concurrent call with the key won, or the effect predates stored replies)
 * the stored reply is sent, or, when there is none, the value it returned is stored now.
 * Secrets a call checks (a payment password) are checked before, so a replay cannot skip them.
 *
 * @example
 * const reply = await idempotentReply(db, { scope: `member:${id}`, key, operation: 'wallet.transfer', request: { from, to, amount } },
 *   (record) => ledger.transfer(input, (tx, posting) => record(tx, replyOf(posting))));
 * return sendStored(httpReply, reply);
 */
export async function idempotentReply<T>(
  db: Db,
  call: IdempotentCall,
  work: (record: RecordReply<T>) => Promise<T>,
): Promise<StoredReply> {
  const hash = hashOf(call);
  const stored = await findStoredReply(db, call.scope, call.key);
  if (stored) return replayOf(stored, hash);
  const row = (reply: StoredReply) => ({
    scope: call.scope,
    key: call.key,
    operation: call.operation,
    requestHash: hash,
    ...reply,
  });
  const replyOf = (value: T): StoredReply => ({ status: 200, body: JSON.stringify(ok(value)) });
  let recorded: StoredReply | undefined;
  const record: RecordReply<T> = async (tx, value) => {
    const reply = replyOf(value);
    if (!(await insertStoredReply(tx, row(reply)))) throw new KeyTaken();
    recorded = reply;
  };
  let value: T;
  try {
    value = await work(record);
  } catch (error) {
    if (isKeyTaken(error)) return replayOf(await findStoredReply(db, call.scope, call.key), hash);
    // Refused because a concurrent call with the key moved the money first: its reply.
    const won = error instanceof AppError && (await findStoredReply(db, call.scope, call.key));
    if (won) return replayOf(won, hash);
    throw error;
  }
  if (recorded) return recorded;
  const reply = replyOf(value);
  if (await insertStoredReply(db, row(reply))) return reply;
  return replayOf(await findStoredReply(db, call.scope, call.key), hash);
}

/** Sends a stored reply as it is: the status and the body's exact bytes (no serializer runs). */
export function sendStored(reply: FastifyReply, stored: StoredReply): FastifyReply {
  return reply.code(stored.status).type('application/json; charset=utf-8').send(stored.body);
}

/** What the OpenAPI document says of every idempotent call. */
export const idempotentCallDescription =
  'Idempotent by `idempotencyKey`: the first successful reply is stored with the effect, and every ' +
  'call again with the key (after a restart too) answers that reply, byte for byte, without ' +
  'moving anything again. The same key with another request is refused with 409 ' +
  '`idempotency_key_reused`. A refused call stores nothing and may be retried with its key.';
