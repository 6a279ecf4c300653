import assert from 'node:assert/strict';
import { test } from 'node:test';
import { opsColumnItemsBody } from '@contract/ops-columns';
import { itemLabel, mergePicks, moveItem } from '../src/pages/home-pages/column-items';

test('上移/下移 swap with the neighbour; nothing moves past either end', () => {
  assert.deepEqual(moveItem(['a', 'b', 'c'], 1, -1), ['b', 'a', 'c']);
  assert.deepEqual(moveItem(['a', 'b', 'c'], 1, 1), ['a', 'c', 'b']);
  assert.deepEqual(moveItem(['a', 'b', 'c'], 0, -1), ['a', 'b', 'c']);
  assert.deepEqual(moveItem(['a', 'b', 'c'], 2, 1), ['a', 'b', 'c']);
});

test('picks kept stay in place, new ones go last, dropped ones leave; the body the contract takes', () => {
  assert.deepEqual(mergePicks(['c', 'a', 'b'], ['a', 'b', 'c', 'd']), ['c', 'a', 'b', 'd']);
  assert.deepEqual(mergePicks(['c', 'a', 'b'], ['b', 'c']), ['c', 'b']);
  assert.deepEqual(mergePicks([], ['x', 'x', 'y']), ['x', 'y']);
  assert.equal(opsColumnItemsBody.safeParse({ actSns: mergePicks(['a'], ['a', 'a', 'b']) }).success, true);
  const twice = opsColumnItemsBody.safeParse({ actSns: ['a', 'a'] });
  assert.equal(twice.error?.issues[0]?.message, '同一商品只能选一次');
});

test('an item is named with its kind, and its state when not on sale', () => {
  assert.equal(itemLabel({ actSn: 'x', actName: '书法课', actType: 'COURSE', status: 'ONLINE' }), '书法课（课程）');
  assert.equal(
    itemLabel({ actSn: 'y', actName: '春游', actType: 'ACTIVITY', status: 'OFFLINE' }),
    '春游（活动 · 未上架）',
  );
});
