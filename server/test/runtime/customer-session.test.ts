/**
 * The customer check (runtime/customer.ts) where sessions are remembered: a session known as a customer's needs no
 * user row, a phone bound after the session was remembered is seen by the next call, and a revocation ends it; on
 * PGlite and on PostgreSQL alike.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ERROR_CODES } from '@contract/common';
import { bindPhone } from '../../src/domains/auth/platform-accounts';
import { createVisitor } from '../../src/domains/user/service';
import { requireCustomer } from '../../src/runtime/customer';
import type { Database } from '../../src/runtime/database/plugin';
import { AppError } from '../../src/runtime/http';
import { createSession, findLiveSession, isKnownCustomer, revokeSession } from '../../src/runtime/sessions';
import { deploymentOf } from '../../src/runtime/deployment';
import { openSeededTestDatabase } from '../helpers/test-database';

describe('customer sessions', () => {
  let database: Database;
  before(async () => {
    database = await openSeededTestDatabase();
    // On PostgreSQL sessions are remembered once the process listens for the others' changes.
    await deploymentOf(database.db).cachesReady();
  });
  after(() => database.close());

  let phoneSeq = 0;
  const newSession = async (withPhone: boolean) => {
    const phone = withPhone ? `1390000${String(2000 + (phoneSeq += 1))}` : null;
    const user = await createVisitor(database.db, 'demo', phone);
    return createSession(database.db, { userId: user.userId, projectSn: 'demo', ttlDays: 1 });
  };
  const check = async (token: string) => requireCustomer(database.db, await findLiveSession(database.db, token));
  const refusal = (code: number) => (err: unknown) => err instanceof AppError && err.code === code;

  it('a customer session is known as one after its first call', async () => {
    const s = await newSession(true);
    assert.equal((await check(s.token)).userId, s.userId);
    assert.equal(isKnownCustomer(database.db, s), true);
    assert.equal((await check(s.token)).userId, s.userId);
  });

  it('a session remembered before its user had a phone passes once the phone is bound', async () => {
    const s = await newSession(false);
    await assert.rejects(check(s.token), refusal(ERROR_CODES.LOGIN_REQUIRED));
    await assert.rejects(check(s.token), refusal(ERROR_CODES.LOGIN_REQUIRED));
    assert.equal(isKnownCustomer(database.db, s), false);
    await bindPhone(database.db, { projectSn: 'demo', userId: s.userId, phone: '13900003999' });
    assert.equal((await check(s.token)).userId, s.userId);
  });

  it('a revoked customer session is refused, also after it was known as a customer', async () => {
    const s = await newSession(true);
    await check(s.token);
    await revokeSession(database.db, s);
    assert.equal(isKnownCustomer(database.db, s), false);
    await assert.rejects(check(s.token), refusal(ERROR_CODES.SESSION_EXPIRED));
  });
});
