import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entryAt, mayOpen, menuFor, NAV_GROUPS, navEntry, navFor } from '../src/nav';

const names = (role: Parameters<typeof navFor>[0]) => navFor(role).map((e) => e.name);

test('the owner sees every page; support sees neither accounts nor the audit log', () => {
  assert.deepEqual(names('owner'), [
    '订单发货',
    '订单管理',
    '售后处理',
    '下单链接',
    '商品管理',
    '积分商品',
    '页面装修',
    '访问控制',
    '项目设置',
    '优惠券',
    '领券活动',
    '卡密批次',
    '推广员',
    '提现审核',
    '表单',
    '意见反馈',
    '账号管理',
    '操作日志',
    '修改密码',
  ]);
  assert.deepEqual(names('support'), [
    '订单发货',
    '订单管理',
    '售后处理',
    '下单链接',
    '商品管理',
    '积分商品',
    '表单',
    '意见反馈',
    '修改密码',
  ]);
  assert.deepEqual(names('finance'), [
    '订单发货',
    '订单管理',
    '售后处理',
    '下单链接',
    '商品管理',
    '积分商品',
    '页面装修',
    '访问控制',
    '项目设置',
    '优惠券',
    '领券活动',
    '卡密批次',
    '推广员',
    '提现审核',
    '表单',
    '意见反馈',
    '操作日志',
    '修改密码',
  ]);
});

test('the menu comes in sections; a section with nothing the role may open is left out', () => {
  const sections = (role: Parameters<typeof menuFor>[0]) =>
    menuFor(role).map((g) => `${g.name}: ${g.entries.map((e) => e.name).join(' ')}`);
  assert.deepEqual(sections('support'), [
    '订单: 订单发货 订单管理 售后处理 下单链接',
    '商品与页面: 商品管理 积分商品',
    '资金与服务: 表单 意见反馈',
    '系统: 修改密码',
  ]);
  assert.equal(menuFor('owner').length, NAV_GROUPS.length);
  assert.deepEqual(
    menuFor('owner').flatMap((g) => g.entries),
    navFor('owner'),
    'sections keep the menu order, so the first page is still the landing page',
  );
});

test('a page opened by its address is checked with the same rule', () => {
  const page = entryAt('/operators');
  assert.equal(page, navEntry('operators'));
  assert.equal(mayOpen('support', page!), false);
  assert.equal(mayOpen('owner', page!), true);
  assert.equal(entryAt('/nowhere'), undefined);
});

test('money and service pages: withdrawals closed to support, promoters under marketing', () => {
  assert.equal(mayOpen('support', navEntry('withdrawals')), false);
  assert.equal(mayOpen('support', navEntry('promoters')), false);
  assert.equal(mayOpen('operator', navEntry('withdrawals')), true, '运营 reads withdrawals');
  assert.equal(navEntry('promoters').area, 'marketing');
  assert.equal(entryAt('/after-sales'), navEntry('after-sales'));
});

test('页面装修 is open to owners and operators, read by finance, closed to support', () => {
  const entry = navEntry('home-pages');
  assert.equal(entry.area, 'pages');
  assert.equal(mayOpen('operator', entry), true);
  assert.equal(mayOpen('finance', entry), true);
  assert.equal(mayOpen('support', entry), false);
  assert.equal(entryAt('/home-pages'), entry);
});

test('商品管理 is read by every role and its edit pages belong to it', () => {
  const entry = navEntry('catalogue');
  assert.equal(entry.area, 'catalogue');
  for (const role of ['owner', 'operator', 'finance', 'support'] as const) assert.equal(mayOpen(role, entry), true);
  assert.equal(entryAt('/catalogue/new'), entry);
  assert.equal(entryAt('/catalogue/C123'), entry);
});

test('marketing pages: open to the operator and (to read) finance, closed to support', () => {
  for (const key of ['coupons', 'claims', 'cards'] as const) {
    assert.equal(navEntry(key).area, 'marketing');
    assert.equal(mayOpen('operator', navEntry(key)), true);
    assert.equal(mayOpen('support', navEntry(key)), false);
  }
  assert.equal(entryAt('/cards'), navEntry('cards'));
});

test('页面装修 is open to owners and operators, read by finance, closed to support', () => {
  const entry = navEntry('home-pages');
  assert.equal(entry.area, 'pages');
  assert.equal(mayOpen('operator', entry), true);
  assert.equal(mayOpen('finance', entry), true);
  assert.equal(mayOpen('support', entry), false);
  assert.equal(entryAt('/home-pages'), entry);
});
