/**
 * Operator login and sessions: the demo owner, wrong passwords, the lock-out after five, a disabled account, an
 * expired or ended session, the per-address login limit, the password change, and the last owner who must stay.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import { OPS_AUTH_MESSAGES as M, type Operator, type OpsSession } from '@contract/operators';
import { auditLog, operators, operatorSessions } from '../../../src/domains/operators/schema';
import { DEMO_OWNER } from '../../../src/domains/operators/service';
import { buildHarness, type Harness } from '../../helpers/app';
import { login, nextAddress, OPS_KEY_AUTH, opsCall, operatorSession } from './ops-client';

let h: Harness;

before(async () => {
  h = await buildHarness();
});
after(async () => {
  await h.close();
});

describe('operator login', () => {
  test('the demo owner logs in and sees every project; /auth/me answers the same operator', async () => {
    const res = await login(h, DEMO_OWNER.username, DEMO_OWNER.password);
    assert.equal(res.status, 200, res.raw.body);
    const { token, expiresAt, operator } = res.body.info;
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
    assert.ok(hours > 11.9 && hours <= 12, `expires in ${hours} h`);
    assert.equal(operator.role, 'owner');
    assert.ok(operator.projectSns.includes('demo') && operator.projectSns.includes('course'));

    const me = await opsCall(h, 'GET', '/ops/v1/auth/me', token);
    assert.equal(me.status, 200, me.raw.body);
    assert.equal((me.body.info as OpsSession).operator.username, DEMO_OWNER.username);
    // The token is stored only as a digest.
    const rows = await h.database.db.select().from(operatorSessions);
    assert.ok(rows.every((r) => r.tokenHash !== token && /^[0-9a-f]{64}$/.test(r.tokenHash)));
  });

  test('usernames are case-insensitive; a wrong password or unknown user is 401 with one message', async () => {
    assert.equal((await login(h, 'ADMIN', DEMO_OWNER.password)).status, 200);
    for (const [u, p] of [
      [DEMO_OWNER.username, 'wrong-password'],
      ['nobody-here', 'whatever-password'],
    ]) {
      const res = await login(h, u, p);
      assert.equal(res.status, 401);
      assert.equal(res.body.message, M.badLogin);
      assert.equal(res.body.code, ERROR_CODES.OPS_BAD_LOGIN);
    }
    // The failure above does not count towards a lock once the right password is given.
    assert.equal((await login(h, DEMO_OWNER.username, DEMO_OWNER.password)).status, 200);
  });

  test('five wrong passwords lock the account for 15 minutes, even for the right password; the lock is audited', async () => {
    const { id, username } = await operatorSession(h, 'support', ['demo']);
    for (let i = 1; i <= 4; i += 1) assert.equal((await login(h, username, 'wrong-password')).status, 401);
    const fifth = await login(h, username, 'wrong-password');
    assert.equal(fifth.status, 429);
    assert.equal(fifth.body.message, M.locked);
    const right = await login(h, username, 'a-long-test-password');
    assert.equal(right.status, 429);
    assert.equal(right.body.message, M.locked);
    const [row] = await h.database.db.select().from(operators).where(eq(operators.id, id));
    const minutes = (row.lockedUntil!.getTime() - Date.now()) / 60_000;
    assert.ok(minutes > 14 && minutes <= 15, `locked for ${minutes} min`);
    const entries = await h.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `operator:${id}`));
    const lock = entries.find((e) => e.action === 'operator.lock');
    assert.ok(lock, 'lock audited');
    assert.deepEqual((lock.after as { failedLogins: number }).failedLogins, 5);

    // Once the time is up the right password works again.
    await h.database.db
      .update(operators)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(operators.id, id));
    assert.equal((await login(h, username, 'a-long-test-password')).status, 200);
  });

  test('a disabled account cannot log in, and its open sessions are refused', async () => {
    const { id, username, token } = await operatorSession(h, 'operator', ['demo']);
    const off = await opsCall(h, 'PATCH', `/ops/v1/operators/${id}`, null, { disabled: true });
    assert.equal(off.status, 401, 'needs a bearer');
    const disabled = await h.inject({
      method: 'PATCH',
      url: `/ops/v1/operators/${id}`,
      headers: OPS_KEY_AUTH,
      payload: { disabled: true },
    });
    assert.equal(disabled.status, 200, disabled.raw.body);
    const res = await login(h, username, 'a-long-test-password');
    assert.equal(res.status, 403);
    assert.equal(res.body.message, M.disabled);
    const me = await opsCall(h, 'GET', '/ops/v1/auth/me', token);
    assert.ok(me.status === 401 || me.status === 403, me.raw.body);
  });

  test('an expired session is refused with 登录已过期; a session slides on use; logout ends it', async () => {
    const { token, id } = await operatorSession(h, 'support', ['demo']);
    // Used two hours before expiry: the next use moves it to 12 hours from now.
    await h.database.db
      .update(operatorSessions)
      .set({ expiresAt: new Date(Date.now() + 2 * 3_600_000) })
      .where(eq(operatorSessions.operatorId, id));
    const me = await opsCall(h, 'GET', '/ops/v1/auth/me', token);
    assert.equal(me.status, 200);
    const slid = (Date.parse((me.body.info as OpsSession).expiresAt) - Date.now()) / 3_600_000;
    assert.ok(slid > 11.9, `slid to ${slid} h`);

    await h.database.db
      .update(operatorSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(operatorSessions.operatorId, id));
    const expired = await opsCall(h, 'GET', '/ops/v1/auth/me', token);
    assert.equal(expired.status, 401);
    assert.equal(expired.body.message, M.sessionExpired);
    assert.equal(expired.body.code, ERROR_CODES.OPS_SESSION_EXPIRED);

    const other = await operatorSession(h, 'support', ['demo']);
    assert.equal((await opsCall(h, 'POST', '/ops/v1/auth/logout', other.token)).status, 200);
    const after = await opsCall(h, 'GET', '/ops/v1/auth/me', other.token);
    assert.equal(after.status, 401);
    assert.equal(after.body.message, M.sessionExpired);
    // A forged token of the right shape is refused the same way; anything else is not a credential at all.
    const forged = await opsCall(h, 'GET', '/ops/v1/auth/me', 'A'.repeat(43));
    assert.equal(forged.status, 401);
    const junk = await opsCall(h, 'GET', '/ops/v1/auth/me', 'not a token');
    assert.equal(junk.status, 401);
    assert.equal(junk.body.code, ERROR_CODES.OPS_UNAUTHORIZED);
  });

  test('changing the password ends the other sessions and keeps this one', async () => {
    const { username, token } = await operatorSession(h, 'finance', ['demo']);
    const second = await login(h, username, 'a-long-test-password');
    const wrong = await opsCall(h, 'POST', '/ops/v1/auth/password', token, {
      oldPassword: 'not-the-password',
      newPassword: 'another-long-password',
    });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.message, M.wrongOldPassword);
    const short = await opsCall(h, 'POST', '/ops/v1/auth/password', token, {
      oldPassword: 'a-long-test-password',
      newPassword: 'short',
    });
    assert.equal(short.status, 400);
    assert.equal(short.body.message, '密码至少10位');
    const changed = await opsCall(h, 'POST', '/ops/v1/auth/password', token, {
      oldPassword: 'a-long-test-password',
      newPassword: 'another-long-password',
    });
    assert.equal(changed.status, 200, changed.raw.body);
    assert.equal((await opsCall(h, 'GET', '/ops/v1/auth/me', token)).status, 200);
    assert.equal((await opsCall(h, 'GET', '/ops/v1/auth/me', second.body.info.token)).status, 401);
    assert.equal((await login(h, username, 'another-long-password')).status, 200);
  });

  test('logins from one address are limited whatever the usernames', async () => {
    const address = nextAddress();
    let last = 0;
    for (let i = 0; i < 31; i += 1) last = (await login(h, `someone${i}`, 'wrong-password', address)).status;
    assert.equal(last, 429);
    const res = await login(h, DEMO_OWNER.username, DEMO_OWNER.password, address);
    assert.equal(res.status, 429);
    assert.equal(res.body.message, M.tooManyLogins);
  });

  test('the last enabled owner cannot be disabled or demoted; a second owner makes it possible', async () => {
    const owners = await h.database.db.select().from(operators).where(eq(operators.role, 'owner'));
    const others = owners.filter((o) => o.username !== DEMO_OWNER.username && !o.disabled);
    for (const o of others) await h.database.db.update(operators).set({ disabled: true }).where(eq(operators.id, o.id));
    const [admin] = owners.filter((o) => o.username === DEMO_OWNER.username);
    for (const change of [{ disabled: true }, { role: 'operator' }]) {
      const res = await h.inject({
        method: 'PATCH',
        url: `/ops/v1/operators/${admin.id}`,
        headers: OPS_KEY_AUTH,
        payload: change,
      });
      assert.equal(res.status, 409, res.raw.body);
      assert.equal(res.body.message, M.lastOwner);
    }
    const second = await operatorSession(h, 'owner', []);
    const demote = await opsCall(h, 'PATCH', `/ops/v1/operators/${admin.id}`, second.token, {
      role: 'finance',
      projectSns: ['demo'],
    });
    assert.equal(demote.status, 200, demote.raw.body);
    assert.equal((demote.body.info as Operator).role, 'finance');
    assert.deepEqual((demote.body.info as Operator).projectSns, ['demo']);
    // Back as it was, for the other tests of this file.
    const back = await opsCall(h, 'PATCH', `/ops/v1/operators/${admin.id}`, second.token, { role: 'owner' });
    assert.equal(back.status, 200, back.raw.body);
  });

  test('bad operator input is a 400 with a Chinese message', async () => {
    const cases: Array<[unknown, string]> = [
      [{ username: 'ab', displayName: 'x', role: 'owner', password: 'a-long-password' }, '用户名至少3个字符'],
      [{ username: 'good-name', displayName: 'x', role: 'king', password: 'a-long-password' }, '请选择角色'],
      [{ username: 'good-name', displayName: 'x', role: 'support', password: 'short' }, '密码至少10位'],
      [
        { username: 'good-name', displayName: 'x', role: 'support', password: 'a-long-password', projectSns: ['nope'] },
        `${M.unknownProject}：nope`,
      ],
      [
        { username: DEMO_OWNER.username, displayName: 'x', role: 'support', password: 'a-long-password' },
        M.usernameTaken,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await h.inject({
        method: 'POST',
        url: '/ops/v1/operators',
        headers: OPS_KEY_AUTH,
        payload: payload as never,
      });
      assert.ok(res.status === 400 || res.status === 409, `${res.status} ${res.raw.body}`);
      assert.equal(res.body.message, message);
    }
    const noBody = await h.inject({ method: 'POST', url: '/ops/v1/auth/login', remoteAddress: nextAddress() });
    assert.equal(noBody.status, 400);
    assert.equal(noBody.body.message, '请输入用户名');
  });
});
