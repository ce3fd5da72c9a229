import type { Db } from '../../platform/db/client.ts';
import type { Operator, OperatorAuthenticator } from '../../platform/http/auth.ts';
import { findOperator } from './operators.repository.ts';
import { unknownUserHash, verifyPassword } from './operator-password.ts';

/** Operator accounts (HTTP Basic, scrypt hashes). */
export function createOperatorService(deps: { db: Db }): OperatorAuthenticator {
  return {
    /** The operator for these credentials, or undefined; same work for unknown names. */
    async authenticate(username: string, password: string): Promise<Operator | undefined> {
      const row = await findOperator(deps.db, username);
      const ok = await verifyPassword(password, row?.passwordHash ?? unknownUserHash);
      return row && ok ? { id: row.id, username: row.username } : undefined;
    },
  };
}
