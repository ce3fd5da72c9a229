import { eq } from 'drizzle-orm';
import type { SeedStep } from '../../platform/seed/seed.ts';
import { operators } from './operators.schema.ts';
import { hashPassword } from './operator-password.ts';

/** Makes sure the configured operator exists (at every start; an existing one is kept as is). */
export function operatorSeedSteps(options: { opsUsername: string; opsPassword: string }) {
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
  return steps;
}
