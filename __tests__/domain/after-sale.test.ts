import {
  AFTER_SALE_EVENTS,
  AFTER_SALE_STATES,
  afterSaleTransition,
  FINAL_AFTER_SALE_STATES,
  refundAllowedByTags,
  type AfterSaleEvent,
  type AfterSaleState,
} from '../../contract/rules/after-sale';
import { checkTrackingNo, normaliseTrackingNo } from '../../contract/rules/logistics';

// Every allowed transition; every other (state, event) pair must be refused.
const ALLOWED: Array<[AfterSaleState, AfterSaleEvent, AfterSaleState]> = [
  ['APPLIED', 'EDIT', 'APPLIED'],
  ['APPLIED', 'CANCEL', 'CANCELLED'],
  ['APPLIED', 'REFUSE', 'REFUSED'],
  ['APPLIED', 'AGREE', 'AGREED'],
  ['APPLIED', 'ASK_RETURN', 'RETURNING'],
  ['AGREED', 'REFUND', 'REFUNDING'],
  ['RETURNING', 'CANCEL', 'CANCELLED'],
  ['RETURNING', 'SHIP', 'SHIPPED'],
  ['SHIPPED', 'SHIP', 'SHIPPED'],
  ['SHIPPED', 'RECEIVE', 'RECEIVED'],
  ['SHIPPED', 'REFUSE', 'REFUSED'],
  ['RECEIVED', 'REFUND', 'REFUNDING'],
  ['RECEIVED', 'REFUSE', 'REFUSED'],
  ['REFUNDING', 'REFUND_SETTLED', 'REFUNDED'],
  ['REFUNDING', 'REFUND_FAILED', 'AGREED'],
];

describe('after-sales state machine', () => {
  test.each(ALLOWED)('%s --%s--> %s', (from, event, to) => {
    expect(afterSaleTransition(from, event)).toEqual({ ok: true, to });
  });

  const allowed = new Set(ALLOWED.map(([f, e]) => `${f}/${e}`));
  const refused = AFTER_SALE_STATES.flatMap((s) => AFTER_SALE_EVENTS.map((e) => [s, e] as const)).filter(
    ([s, e]) => !allowed.has(`${s}/${e}`),
  );

  test.each(refused)('%s refuses %s with a reason', (from, event) => {
    const r = afterSaleTransition(from, event);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/[\u4e00-\u9fa5]/);
  });

  test('final states take no event at all', () => {
    for (const s of FINAL_AFTER_SALE_STATES)
      for (const e of AFTER_SALE_EVENTS) expect(afterSaleTransition(s, e).ok).toBe(false);
  });

  test('specific refusals name the reason', () => {
    expect(afterSaleTransition('RECEIVED', 'SHIP')).toEqual({ ok: false, reason: '商家已收货，物流信息不能再修改' });
    expect(afterSaleTransition('AGREED', 'CANCEL')).toEqual({ ok: false, reason: '商家已处理该申请，无法修改或撤销' });
    expect(afterSaleTransition('CANCELLED', 'EDIT')).toEqual({ ok: false, reason: '售后申请已撤销' });
    expect(afterSaleTransition('RETURNING', 'RECEIVE')).toEqual({ ok: false, reason: '买家尚未寄回商品' });
    expect(afterSaleTransition('BOGUS' as AfterSaleState, 'EDIT').ok).toBe(false);
    expect(afterSaleTransition('APPLIED', 'BOGUS' as AfterSaleEvent).ok).toBe(false);
  });

  test('refund tag 2 (no refund) forbids an application; others allow it', () => {
    expect(refundAllowedByTags([2])).toBe(false);
    expect(refundAllowedByTags([1, 3])).toBe(true);
    expect(refundAllowedByTags([])).toBe(true);
  });
});

describe('tracking numbers per carrier', () => {
  test.each([
    ['SF', 'SF1234567890123', null],
    ['SF', 'sf 1234 5678 9012', null],
    ['SF', '1234567890123', '顺丰速运单号格式不正确（SF开头加12-13位数字）'],
    ['YTO', 'YT1234567890123', null],
    ['ZTO', '731234567890', null],
    ['ZTO', '12345', '中通快递单号格式不正确（73、75或78开头的12位数字）'],
    ['EMS', 'EA123456789CN', null],
    ['JD', 'JDX000123456789', null],
    ['XX', 'SF1234567890123', '请选择快递公司'],
    ['SF', '   ', '请输入快递单号'],
  ])('%s %s', (carrier, no, expected) => {
    expect(checkTrackingNo(carrier, no)).toBe(expected);
  });
  test('normalises spaces and case', () => expect(normaliseTrackingNo(' sf12 34 ')).toBe('SF1234'));
});
