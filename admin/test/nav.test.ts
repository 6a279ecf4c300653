import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entryAt, mayOpen, navEntry, navFor } from '../src/nav';

const names = (role: Parameters<typeof navFor>[0]) => navFor(role).map((e) => e.name);

test('the owner sees every page; support sees neither accounts nor the audit log', () => {
  assert.deepEqual(names('owner'), ['订单发货', '订单管理', '账号管理', '操作日志', '修改密码']);
  assert.deepEqual(names('support'), ['订单发货', '订单管理', '修改密码']);
  assert.deepEqual(names('finance'), ['订单发货', '订单管理', '操作日志', '修改密码']);
});

test('a page opened by its address is checked with the same rule', () => {
  const page = entryAt('/operators');
  assert.equal(page, navEntry('operators'));
  assert.equal(mayOpen('support', page!), false);
  assert.equal(mayOpen('owner', page!), true);
  assert.equal(entryAt('/nowhere'), undefined);
});
