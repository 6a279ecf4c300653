import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pointsItemFields } from '@contract/ops-integral';
import { fenOfYuan, fieldsOf, valuesOf } from '../src/pages/integral/points-item-values';

test('yuan typed becomes integer fen; more than two decimals is refused by the contract', () => {
  assert.equal(fenOfYuan(9.9), 990);
  assert.equal(fenOfYuan(0.07), 7);
  assert.equal(fenOfYuan(null), 0);
  assert.ok(Number.isNaN(fenOfYuan(1.005)));
  const bad = pointsItemFields.safeParse(fieldsOf({ integralType: '', points: 10, cashYuan: 1.005 }));
  assert.equal(bad.success, false);
  assert.equal(bad.error?.issues[0].message, '现金部分必须是不小于0的整数（分）');
});

test('a saved item reads back into the form as typed', () => {
  const item = { actSn: 'A1', integralType: 'UNICOM_INTEGRAL' as const, points: 1800, cashAmount: 990, maxIntegral: 0 };
  assert.deepEqual(fieldsOf(valuesOf(item)), {
    integralType: 'UNICOM_INTEGRAL',
    points: 1800,
    cashAmount: 990,
    maxIntegral: 0,
  });
  assert.equal(
    pointsItemFields.safeParse(fieldsOf({ integralType: '', points: 0 })).error?.issues[0].message,
    '积分必须是正整数',
  );
});
