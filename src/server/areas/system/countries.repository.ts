import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { countries } from './countries.schema.ts';

export async function countryByDialingCode(db: Db, dialingCode: string) {
  const [row] = await db.select().from(countries).where(eq(countries.dialingCode, dialingCode));
  return row;
}
