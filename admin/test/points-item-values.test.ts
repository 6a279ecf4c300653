import assert from 'node:assert/strict';
import { test } from 'node:test';
import { minCarrierProblem, POINTS_ITEM_MESSAGES, pointsItemFields } from '@contract/ops-integral';
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
    minIntegralType: null,
    actPreviewUrl: null,
  });
  assert.equal(
    pointsItemFields.safeParse(fieldsOf({ integralType: '', points: 0 })).error?.issues[0].message,
    '积分必须是正整数',
  );
});

test('carrier narrowing and preview link: read back, cleared as empty, checked like the server', () => {
  const item = {
    actSn: 'A2',
    integralType: '' as const,
    points: 600,
    cashAmount: 0,
    maxIntegral: 0,
    minIntegralType: 'MOBILE_INTEGRAL' as const,
    actPreviewUrl: '/#/pages/activity/activityDetail?actSn=A2',
  };
  const values = valuesOf(item);
  assert.deepEqual([values.minIntegralType, values.actPreviewUrl], [item.minIntegralType, item.actPreviewUrl]);
  assert.deepEqual(fieldsOf(values), {
    integralType: '',
    points: 600,
    cashAmount: 0,
    maxIntegral: 0,
    minIntegralType: 'MOBILE_INTEGRAL',
    actPreviewUrl: item.actPreviewUrl,
  });
  // Emptied in the form: sent as null, so the save clears them rather than keeping them.
  const cleared = fieldsOf({ ...values, minIntegralType: '', actPreviewUrl: '  ' });
  assert.deepEqual([cleared.minIntegralType, cleared.actPreviewUrl], [null, null]);

  const refused = (v: typeof values) => pointsItemFields.safeParse(fieldsOf(v)).error?.issues[0].message;
  assert.equal(refused({ ...values, actPreviewUrl: 'javascript:alert(1)' }), POINTS_ITEM_MESSAGES.previewUrl);
  assert.equal(refused({ ...values, minIntegralType: 'TELECOM' }), POINTS_ITEM_MESSAGES.minCarrier);
  assert.equal(
    minCarrierProblem({ integralType: 'UNICOM_INTEGRAL', minIntegralType: 'MOBILE_INTEGRAL' }),
    POINTS_ITEM_MESSAGES.minCarrierMismatch,
  );
  assert.equal(minCarrierProblem({ integralType: 'MOBILE_INTEGRAL', minIntegralType: 'MOBILE_INTEGRAL' }), null);
  assert.equal(minCarrierProblem({ integralType: '', minIntegralType: 'UNICOM_INTEGRAL' }), null);
});
