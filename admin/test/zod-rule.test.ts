import assert from 'node:assert/strict';
import { test } from 'node:test';
import { operatorCreateBody } from '@contract/operators';
import { zodMessage, zodRule } from '../src/forms/zod-rule';

const check = (rule: ReturnType<typeof zodRule>, value: unknown) =>
  (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, value);

test("a field's rule gives the contract's own Chinese message", async () => {
  const rule = zodRule(operatorCreateBody.shape.username);
  await assert.rejects(check(rule, ''), { message: '请输入用户名' });
  await assert.rejects(check(rule, 'ab'), { message: '用户名至少3个字符' });
  await assert.rejects(check(rule, '客服一号'), { message: '用户名只能包含字母、数字、下划线、点和横线' });
  await check(rule, 'kefu_01');
});

test('the whole body is checked as the server checks it', () => {
  const body = { username: 'kefu1', displayName: '客服', role: 'support', password: 'short', projectSns: ['demo'] };
  assert.equal(zodMessage(operatorCreateBody, body), '密码至少10位');
  assert.equal(zodMessage(operatorCreateBody, { ...body, password: 'long-enough-1' }), null);
});
