import { createHash } from 'node:crypto';

/** The SHA-256 hex digest a random token (session, reset, remember-me) is stored and found by. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
