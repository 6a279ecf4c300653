/**
 * `npm run ops -- create-owner <username> [--display-name X]` (scripts/ops.ts): the first owner, written straight
 * into the database the server's configuration names (no one can log in to create it yet). With the embedded
 * database, stop the server first: PGlite's data directory is one process's at a time.
 */
import { operatorCreateBody, type Operator } from '@contract/operators';
import { loadConfig } from '../../config';
import { openDatabase } from '../../runtime/database/plugin';
import { createOwner, DEMO_OWNER, retireDemoOwner } from './service';

export async function createOwnerFromTerminal(input: {
  username: string;
  displayName?: string;
  password: string;
}): Promise<{ owner: Operator; demoRetired: boolean }> {
  const parsed = operatorCreateBody.safeParse({
    username: input.username,
    displayName: input.displayName || input.username,
    role: 'owner',
    password: input.password,
  });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('；'));
  const database = await openDatabase(loadConfig(process.env));
  try {
    await database.migrate();
    const owner = await createOwner(database.db, parsed.data);
    const demoRetired = owner.username !== DEMO_OWNER.username && (await retireDemoOwner(database.db));
    return { owner, demoRetired };
  } finally {
    await database.close();
  }
}
