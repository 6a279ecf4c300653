/**
 * Secrets the server makes for itself (table server_keys): made once per database at first use and shared by every
 * server process on it, so no deployment has to configure them and no demo default can be guessed. The first
 * process to insert a key wins (primary key); the others read that one.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { serverKeys } from './database/schema';
import type { Db } from './database/plugin';

const loaded = new WeakMap<Db, Map<string, Promise<Buffer>>>();

async function loadKey(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(serverKeys)
    .values({ name, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: serverKeys.secret })
    .from(serverKeys)
    .where(eq(serverKeys.name, name))
    .limit(1);
  if (!row) throw new Error(`server key ${name} could not be stored`);
  return Buffer.from(row.secret, 'base64url');
}

/** The key `name` of this database (32 random bytes); read once per process, then answered from memory. */
export function serverKey(db: Db, name: string): Promise<Buffer> {
  let keys = loaded.get(db);
  if (!keys) loaded.set(db, (keys = new Map()));
  const known = keys.get(name);
  if (known) return known;
  const loading = loadKey(db, name).catch((err: unknown) => {
    // Not remembered: the next call tries again.
    keys.delete(name);
    throw err;
  });
  keys.set(name, loading);
  return loading;
}
