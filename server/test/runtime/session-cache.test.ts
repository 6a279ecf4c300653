/**
 * Sessions remembered in memory: a revocation is seen at once, also by a lookup that was already under way when it
 * happened, and an entry ends at the session's expiry. On PostgreSQL (several processes) a revocation through
 * another process is heard by LISTEN/NOTIFY (runtime/cache-sync.ts). The login path (old visitor token refused right
 * after a cached use) is covered in routes/auth.test.ts; three real processes in multi-process.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { sessions } from '../../src/runtime/database/schema';
import { users } from '../../src/domains/user/schema';
import { createSession, findLiveSession, hashToken, markRevoked, revokeSession } from '../../src/runtime/sessions';
import { createVisitor } from '../../src/domains/user/service';
import { openSeededTestDatabase, usingPostgres } from '../helpers/test-database';
import { openPostgres, type Database } from '../../src/runtime/database/plugin';
import { deploymentOf } from '../../src/runtime/deployment';
import { sessionUser } from '../../src/domains/user/service';

describe('session cache', () => {
  let database: Database;
  before(async () => {
    database = await openSeededTestDatabase();
    await deploymentOf(database.db).cachesReady();
  });
  after(() => database.close());

  const newSession = async () => {
    const user = await createVisitor(database.db, 'demo');
    return createSession(database.db, { userId: user.userId, projectSn: 'demo', ttlDays: 1 });
  };

  it('revokeSession is seen by the next lookup of a session looked up (and remembered) before', async () => {
    const s = await newSession();
    assert.equal((await findLiveSession(database.db, s.token))?.userId, s.userId);
    assert.equal((await findLiveSession(database.db, s.token))?.userId, s.userId);
    await revokeSession(database.db, s);
    assert.equal(await findLiveSession(database.db, s.token), null);
  });

  it('a lookup under way when the session is revoked does not bring it back', async () => {
    const s = await newSession();
    const during = findLiveSession(database.db, s.token);
    markRevoked(database.db, s.token);
    await database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(s.token)));
    await during;
    assert.equal(await findLiveSession(database.db, s.token), null);
  });

  it('a remembered session ends at its expiry', async () => {
    const s = await newSession();
    assert.ok(await findLiveSession(database.db, s.token));
    // Expired in the database; the remembered copy carries the old expiry, so move it too (as time passing would).
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(s.token)));
    const realNow = Date.now;
    Date.now = () => realNow() + 2 * 24 * 60 * 60 * 1000;
    try {
      assert.equal(await findLiveSession(database.db, s.token), null);
    } finally {
      Date.now = realNow;
    }
  });

  it(
    'on PostgreSQL a revocation through another process is seen within a second',
    { skip: !usingPostgres() },
    async () => {
      // Another process: its own pool and deployment on the same database.
      const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
        .connectionString;
      const other = await openPostgres(url);
      try {
        await deploymentOf(other.db).cachesReady();
        const s = await newSession();
        assert.ok(await findLiveSession(database.db, s.token));
        assert.ok(deploymentOf(database.db).sessionCache?.get(s.token), 'remembered here');
        await revokeSession(other.db, s);
        const until = Date.now() + 1_000;
        while (Date.now() < until && deploymentOf(database.db).sessionCache?.get(s.token) !== 'revoked')
          await new Promise((r) => setTimeout(r, 10));
        assert.equal(await findLiveSession(database.db, s.token), null);
      } finally {
        await other.close();
      }
    },
  );

  it(
    "on PostgreSQL the session comes with its user row as it is now (one statement): another instance's change is seen by the next call",
    { skip: !usingPostgres() },
    async () => {
      const s = await newSession();
      const first = await findLiveSession(database.db, s.token);
      assert.deepEqual([first?.user?.userId, first?.user?.phone], [s.userId, null]);
      await database.db.update(users).set({ phone: '13900001111' }).where(eq(users.userId, s.userId));
      const next = await findLiveSession(database.db, s.token);
      assert.deepEqual([next?.userId, next?.projectSn], [s.userId, 'demo']);
      // Remembered now, the session no longer carries a row: the user is read as it is now.
      assert.equal((await sessionUser(database.db, next!))?.phone, '13900001111');
    },
  );

  it(
    'on PostgreSQL the lookups of one turn share one statement, and each gets its own answer',
    { skip: !usingPostgres() },
    async () => {
      const [a, b, revoked] = [await newSession(), await newSession(), await newSession()];
      await database.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, hashToken(revoked.token)));
      const found = await Promise.all(
        [a.token, b.token, revoked.token, 'no-such-token', a.token].map((t) => findLiveSession(database.db, t)),
      );
      assert.deepEqual(
        found.map((f) => f?.userId ?? null),
        [a.userId, b.userId, null, null, a.userId],
      );
      assert.deepEqual([found[0]?.user?.userId, found[1]?.user?.userId], [a.userId, b.userId]);
    },
  );
});
