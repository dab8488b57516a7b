import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { serverSecrets } from '../db/schema';

/**
 * The server secret named `name`: kept as `value` when there is none yet, and read back (the
 * first writer's value wins when two processes start together).
 */
export async function keepServerSecret(
  db: Db,
  secret: { name: string; value: string; createdAt: Date },
): Promise<string | undefined> {
  await db.insert(serverSecrets).values(secret).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, secret.name));
  return row?.value;
}
