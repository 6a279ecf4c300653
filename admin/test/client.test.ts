import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { ApiError, bindSession, call, SESSION_EXPIRED_MESSAGE, withQuery } from '../src/api/client';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answer(status: number, body: unknown, seen: RequestInit[] = []) {
  globalThis.fetch = (async (_url: string, init: RequestInit) => {
    seen.push(init);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return seen;
}

test('a query leaves out empty filters', () => {
  assert.equal(
    withQuery('/ops/v1/audit', { page: 1, action: '', projectSn: undefined, operatorId: 3 }),
    '/ops/v1/audit?page=1&operatorId=3',
  );
});

test('the bearer token goes with every call, and the envelope is unwrapped', async () => {
  bindSession({ token: () => 'T1', expired: () => assert.fail('not expired') });
  const seen = answer(200, { state: true, message: 'ok', info: { list: [] } });
  assert.deepEqual(await call('GET', '/ops/v1/operators'), { list: [] });
  assert.equal((seen[0].headers as Record<string, string>).Authorization, 'Bearer T1');
});

test("a refusal carries the server's message", async () => {
  bindSession({ token: () => 'T1', expired: () => assert.fail('not expired') });
  answer(403, { state: false, message: '无权执行此操作', info: null, code: 4031 });
  await assert.rejects(
    call('GET', '/ops/v1/operators'),
    (e: ApiError) => e.message === '无权执行此操作' && e.status === 403,
  );
});

test('a refused session ends the console session, but a wrong password at login does not', async () => {
  let expired = 0;
  bindSession({ token: () => 'T1', expired: () => (expired += 1) });
  answer(401, { state: false, message: '请先登录', info: null, code: 502 });
  await assert.rejects(call('GET', '/ops/v1/auth/me'), { message: SESSION_EXPIRED_MESSAGE });
  assert.equal(expired, 1);
  answer(401, { state: false, message: '用户名或密码错误', info: null });
  await assert.rejects(call('POST', '/ops/v1/auth/login', { body: {}, anonymous: true }), {
    message: '用户名或密码错误',
  });
  assert.equal(expired, 1);
});

test('an unreachable server says so in Chinese', async () => {
  globalThis.fetch = (async () => {
    throw new TypeError('fetch failed');
  }) as typeof fetch;
  await assert.rejects(call('GET', '/ops/v1/auth/me'), { message: '网络异常，请检查网络后重试' });
});
