import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ORDER_STATUSES, transition, type OrderEvent, type OrderStatus } from '../../../src/domains/order/state';

const PAY = (kind: 'NORMAL' | 'DEPOSIT' | 'FINAL' | 'INSTALLMENT', seq: number, count: number): OrderEvent => ({
  type: 'PAY',
  kind,
  seq,
  count,
});

/** Every allowed transition; anything not listed here must be refused. */
const ALLOWED: Array<[OrderStatus, OrderEvent, OrderStatus]> = [
  ['UNPAID', PAY('NORMAL', 1, 1), 'PAID'],
  ['UNPAID', PAY('DEPOSIT', 1, 2), 'UNPAID_BALANCE'],
  ['UNPAID_BALANCE', PAY('FINAL', 2, 2), 'PAID'],
  ['UNPAID', PAY('INSTALLMENT', 1, 3), 'UNPAID_INSTALLMENTS'],
  ['UNPAID', PAY('INSTALLMENT', 1, 1), 'PAID'],
  ['UNPAID_INSTALLMENTS', PAY('INSTALLMENT', 2, 3), 'UNPAID_INSTALLMENTS'],
  ['UNPAID_INSTALLMENTS', PAY('INSTALLMENT', 3, 3), 'PAID'],
  ['UNPAID_INSTALLMENTS', PAY('INSTALLMENT', 6, 6), 'PAID'],
  ['UNPAID', { type: 'CANCEL' }, 'CANCELLED'],
  ['UNPAID', { type: 'EXPIRE' }, 'CANCELLED'],
  ['UNPAID_BALANCE', { type: 'REFUND_FULL' }, 'REFUND'],
  ['UNPAID_INSTALLMENTS', { type: 'REFUND_FULL' }, 'REFUND'],
  ['PAID', { type: 'REFUND_FULL' }, 'REFUND'],
  ['REFUND_PART', { type: 'REFUND_FULL' }, 'REFUND'],
  ['UNPAID_BALANCE', { type: 'REFUND_PART' }, 'REFUND_PART'],
  ['UNPAID_INSTALLMENTS', { type: 'REFUND_PART' }, 'REFUND_PART'],
  ['PAID', { type: 'REFUND_PART' }, 'REFUND_PART'],
  ['REFUND_PART', { type: 'REFUND_PART' }, 'REFUND_PART'],
  ['UNPAID_BALANCE', { type: 'CHANGE_COURSE' }, 'DEAL_DONE_COURSE'],
  ['UNPAID_INSTALLMENTS', { type: 'CHANGE_COURSE' }, 'DEAL_DONE_COURSE'],
  ['PAID', { type: 'CHANGE_COURSE' }, 'DEAL_DONE_COURSE'],
  ['REFUND_PART', { type: 'CHANGE_COURSE' }, 'DEAL_DONE_COURSE'],
];

/** Every event shape worth trying from every state (well-formed PAYs of each kind, plus malformed ones). */
const EVENTS: OrderEvent[] = [
  PAY('NORMAL', 1, 1),
  PAY('DEPOSIT', 1, 2),
  PAY('FINAL', 2, 2),
  PAY('INSTALLMENT', 1, 3),
  PAY('INSTALLMENT', 1, 1),
  PAY('INSTALLMENT', 2, 3),
  PAY('INSTALLMENT', 3, 3),
  PAY('INSTALLMENT', 6, 6),
  { type: 'CANCEL' },
  { type: 'EXPIRE' },
  { type: 'REFUND_FULL' },
  { type: 'REFUND_PART' },
  { type: 'CHANGE_COURSE' },
];

const key = (from: OrderStatus, e: OrderEvent) => `${from} ${JSON.stringify(e)}`;

describe('order state machine', () => {
  const allowed = new Map(ALLOWED.map(([from, e, to]) => [key(from, e), to]));

  for (const [from, event, to] of ALLOWED) {
    it(`${from} --${event.type}${event.type === 'PAY' ? ` ${event.kind} ${event.seq}/${event.count}` : ''}--> ${to}`, () => {
      assert.deepEqual(transition(from, event), { ok: true, to });
    });
  }

  it('refuses every other (state, event) pair with a Chinese reason', () => {
    let refused = 0;
    for (const from of ORDER_STATUSES) {
      for (const event of EVENTS) {
        if (allowed.has(key(from, event))) continue;
        const result = transition(from, event);
        assert.equal(result.ok, false, `${key(from, event)} should be refused`);
        if (!result.ok) assert.match(result.reason, /[\u4e00-\u9fff]/);
        refused += 1;
      }
    }
    assert.equal(refused, ORDER_STATUSES.length * EVENTS.length - ALLOWED.length);
  });

  it('final states take no event at all', () => {
    for (const from of ['CANCELLED', 'REFUND', 'DEAL_DONE_COURSE'] as const) {
      for (const event of EVENTS) assert.equal(transition(from, event).ok, false, key(from, event));
    }
  });

  it('refuses malformed payments: wrong seq, count or kind for the schedule', () => {
    const bad: Array<[OrderStatus, OrderEvent]> = [
      ['UNPAID', PAY('NORMAL', 1, 2)],
      ['UNPAID', PAY('NORMAL', 2, 1)],
      ['UNPAID', PAY('DEPOSIT', 2, 2)],
      ['UNPAID', PAY('DEPOSIT', 1, 3)],
      ['UNPAID', PAY('FINAL', 2, 2)],
      ['UNPAID_BALANCE', PAY('FINAL', 1, 2)],
      ['UNPAID', PAY('INSTALLMENT', 2, 3)],
      ['UNPAID', PAY('INSTALLMENT', 0, 3)],
      ['UNPAID_INSTALLMENTS', PAY('INSTALLMENT', 4, 3)],
      ['UNPAID_INSTALLMENTS', PAY('INSTALLMENT', 1, 3)],
      ['UNPAID', PAY('INSTALLMENT', 1.5, 3)],
      ['UNPAID', { type: 'PAY', kind: 'OTHER' as 'NORMAL', seq: 1, count: 1 }],
      ['NOPE' as OrderStatus, { type: 'CANCEL' }],
    ];
    for (const [from, event] of bad) assert.equal(transition(from, event).ok, false, key(from, event));
  });

  it('says why: paying a paid or cancelled order, cancelling a paid one', () => {
    assert.deepEqual(transition('PAID', PAY('NORMAL', 1, 1)), { ok: false, reason: '订单已支付' });
    assert.deepEqual(transition('CANCELLED', PAY('NORMAL', 1, 1)), { ok: false, reason: '订单已取消' });
    assert.deepEqual(transition('REFUND', PAY('NORMAL', 1, 1)), { ok: false, reason: '订单已退款' });
    assert.deepEqual(transition('UNPAID_BALANCE', { type: 'CANCEL' }), { ok: false, reason: '订单已支付，无法取消' });
    assert.deepEqual(transition('UNPAID', PAY('FINAL', 2, 2)), { ok: false, reason: '请先支付定金' });
  });

  it('says why a course change is refused: unpaid, already changed, cancelled, wholly refunded', () => {
    const change: OrderEvent = { type: 'CHANGE_COURSE' };
    assert.deepEqual(transition('UNPAID', change), { ok: false, reason: '订单未支付，无法换课' });
    assert.deepEqual(transition('DEAL_DONE_COURSE', change), { ok: false, reason: '订单已换课' });
    assert.deepEqual(transition('CANCELLED', change), { ok: false, reason: '订单已取消' });
    assert.deepEqual(transition('REFUND', change), { ok: false, reason: '订单已退款，无法换课' });
    // A changed order takes nothing more: no payment, no refund, no cancel.
    assert.deepEqual(transition('DEAL_DONE_COURSE', PAY('INSTALLMENT', 2, 3)), { ok: false, reason: '订单已换课' });
    assert.equal(transition('DEAL_DONE_COURSE', { type: 'REFUND_PART' }).ok, false);
    assert.equal(transition('DEAL_DONE_COURSE', { type: 'CANCEL' }).ok, false);
  });
});
