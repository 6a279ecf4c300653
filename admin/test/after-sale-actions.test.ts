import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ACTIONS, MOVES_MONEY } from '../src/pages/after-sales/after-sale-actions';

test('the decisions each state offers; those that send money back are the ones confirmed first', () => {
  assert.deepEqual(ACTIONS.APPLIED, ['agree', 'return', 'refuse']);
  assert.deepEqual(ACTIONS.SHIPPED, ['receive', 'refuse']);
  assert.deepEqual(ACTIONS.AGREED, ['refund']);
  assert.equal(ACTIONS.REFUNDED, undefined, 'a finished application offers nothing');
  assert.deepEqual([...MOVES_MONEY].sort(), ['agree', 'receive', 'refund']);
});
