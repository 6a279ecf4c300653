import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stockCellText, stockFieldHint } from '../src/pages/catalogue/stock-text';

test('the list cell: left of the total and sold; unlimited says 不限', () => {
  assert.equal(stockCellText(10, 3), '剩余 7 / 共 10 · 已售 3');
  assert.equal(stockCellText(1, 1), '剩余 0 / 共 1 · 已售 1');
  assert.equal(stockCellText(0, 0), '剩余 0 / 共 0 · 已售 0');
  assert.equal(stockCellText(null, 5), '不限 · 已售 5');
});

test('the form hint follows the total typed', () => {
  assert.equal(stockFieldHint(10, 3), '已售 3 件，剩余 7 件');
  assert.equal(stockFieldHint(3, 3), '已售 3 件，剩余 0 件');
  assert.equal(stockFieldHint(2, 3), '已售 3 件，总库存不能少于已售数');
  assert.equal(stockFieldHint(null, 4), '已售 4 件，不限库存');
  assert.equal(stockFieldHint(undefined, 0), '已售 0 件，不限库存');
});
