import { eq } from 'drizzle-orm';
import type { SeedStep } from '../../platform/seed/seed.ts';
import { operators } from './operators.schema.ts';
import { hashPassword, verifyPassword } from './operator-password.ts';
import { allOperatorTotpSecrets, updateOperatorTotp } from './operator-totp.repository.ts';
import type { SecretBox } from '../../platform/keys/secret-box.ts';

/**
 * Makes sure the configured operator exists (at every start; an existing one is kept as is).
 * In production no operator may keep the development password (`demoPassword`): the configured
 * operator that still has it takes OPS_PASSWORD instead, and any other one stops the start.
 */
export function operatorSeedSteps(options: {
  opsUsername: string;
  opsPassword: string;
  production: boolean;
  demoPassword: string;
}) {
  const steps: SeedStep[] = [
    {
      name: 'configured-operator',
      everyStart: true,
      run: async (db) => {
        const existing = await db
          .select({ id: operators.id })
          .from(operators)
          .where(eq(operators.username, options.opsUsername));
        if (existing.length === 0) {
          await db
            .insert(operators)
            .values({
              username: options.opsUsername,
              passwordHash: await hashPassword(options.opsPassword),
            })
            .onConflictDoNothing();
        }
      },
    },
  ];
  if (options.production) {
    steps.push({
      name: 'no-demo-operator-password',
      everyStart: true,
      run: async (db) => {
        const rows = await db.select().from(operators);
        const exposed: string[] = [];
        for (const row of rows) {
          if (!(await verifyPassword(options.demoPassword, row.passwordHash))) continue;
          if (row.username === options.opsUsername) {
            await db
              .update(operators)
              .set({ passwordHash: await hashPassword(options.opsPassword) })
              .where(eq(operators.id, row.id));
          } else {
            exposed.push(row.username);
          }
        }
        if (exposed.length > 0) {
          throw new Error(
            `Refusing to start in production: the operator(s) ${exposed.join(', ')} still have ` +
              'the development password. Start once with OPS_USERNAME set to each of them (and ' +
              'OPS_PASSWORD), which replaces it, or remove them.',
          );
        }
      },
    });
  }
  return steps;
}

/**
 * Seals every operator authenticator secret stored under a key that is no longer the first of
 * TOTP_ENCRYPTION_KEYS (as the identity area does for players). Every start; idempotent.
 */
export function resealOperatorTotpSecrets(box: SecretBox): SeedStep {
  return {
    name: 'reseal-operator-totp-secrets',
    everyStart: true,
    run: async (db) => {
      for (const row of await allOperatorTotpSecrets(db)) {
        if (box.isCurrent(row.secret)) continue;
        await updateOperatorTotp(db, row.operatorId, {
          secret: box.seal(box.open(row.secret).plain),
        });
      }
    },
  };
}
