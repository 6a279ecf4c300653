/**
 * Every amount a customer sees must add up from the lines shown beside it. These read a screen's
 * money as a person reads it (the text on the visible page, in fen) and assert the sums:
 * - course detail: the price at the top is the bar's price and the chosen package's; 科目费用 a × N科 = b;
 * - submit screen: order = 售价 − 课程优惠 − 套餐优惠 + 运费; 应付 = order − 优惠券; for deposit and instalment
 *   orders the schedule rows add up to order − 优惠券 and the row due now is the payable; the bottom bar repeats
 *   the payable line;
 * - order detail: 商品金额 − 课程优惠 − 套餐优惠 − 优惠券 + 运费 = 订单总额; the schedule rows add up to 订单总额;
 *   the amount to pay now (status line and pay button) is the row due now;
 * - order list: each card's 订单金额 and amount to pay match that order's detail.
 */
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';

/** "¥1659.2" -> 165920; "-¥30" -> 3000 (lines carry their sign in their label); 免运费 / 免费 -> 0. */
export function fen(text: string | null | undefined): number {
  const t = (text || '').trim();
  if (/^(免运费|免费)$/.test(t)) return 0;
  const m = t.match(/¥\s*(\d+)(?:\.(\d{1,2}))?/);
  if (!m) throw new Error(`no amount in "${t}"`);
  return Number(m[1]) * 100 + Number((m[2] || '0').padEnd(2, '0'));
}

const yuan = (f: number) => `¥${(f / 100).toFixed(2)}`;

function assertSum(actual: number, expected: number, what: string, parts: Record<string, number>): void {
  const shown = Object.entries(parts)
    .map(([k, v]) => `${k} ${yuan(v)}`)
    .join(', ');
  assert.equal(actual, expected, `${what}: ${yuan(actual)} shown, ${yuan(expected)} from the lines (${shown})`);
}

export interface Line {
  label: string;
  /** The amount of the line in fen (0 for a line without one, e.g. 2张可用); discounts are positive. */
  amount: number;
  text: string;
}

export interface ScheduleRowSeen {
  title: string;
  amount: number;
  status: string;
  state: 'paid' | 'current' | 'notYet';
}

/** Everything with money on a page, as texts, read in one go so that all of it comes from the same render. */
interface ScreenTexts {
  lines: { label: string; text: string }[];
  schedule: { title: string; amount: string; status: string; state: string }[];
  /** Text of each selector asked for (null when absent). */
  texts: Record<string, string | null>;
}

async function readScreen(root: Locator, selectors: string[]): Promise<ScreenTexts> {
  return root.evaluate((page, sels) => {
    const text = (el: Element | null | undefined) => (el ? (el.textContent || '').trim() : null);
    const lines = Array.from(page.querySelectorAll('.sf-lines__row')).map((el) => {
      const value = el.querySelector('.sf-lines__value');
      // 运费 may strike the old freight through before the current one: the current one is the last.
      const shown =
        value?.querySelector('.sf-lines__freight > :last-child') ||
        value?.querySelector('.sf-lines__discount') ||
        value?.querySelector('.sf-price') ||
        value;
      return { label: text(el.querySelector('.sf-lines__label')) || '', text: text(shown) || '' };
    });
    const schedule = Array.from(page.querySelectorAll('.sf-schedule__row')).map((el) => ({
      title: text(el.querySelector('.sf-schedule__title')) || '',
      amount: text(el.querySelector('.sf-schedule__amount')) || '',
      status: text(el.querySelector('.sf-schedule__status')) || '',
      state: el.classList.contains('is-paid') ? 'paid' : el.classList.contains('is-current') ? 'current' : 'notYet',
    }));
    const texts: Record<string, string | null> = {};
    for (const sel of sels) texts[sel] = text(page.querySelector(sel));
    return { lines, schedule, texts };
  }, selectors);
}

function linesOf(seen: ScreenTexts): Map<string, Line> {
  const lines = new Map<string, Line>();
  for (const { label, text } of seen.lines)
    lines.set(label, { label, text, amount: /¥|^免运费$|^免费$/.test(text) ? fen(text) : 0 });
  return lines;
}

function scheduleOf(seen: ScreenTexts): ScheduleRowSeen[] {
  return seen.schedule.map((r) => ({ ...r, amount: fen(r.amount), state: r.state as ScheduleRowSeen['state'] }));
}

/** The price lines (`.sf-lines__row`) of the page, label -> amount, as shown. */
export async function readLines(root: Locator): Promise<Map<string, Line>> {
  return linesOf(await readScreen(root, []));
}

export async function readSchedule(root: Locator): Promise<ScheduleRowSeen[]> {
  return scheduleOf(await readScreen(root, []));
}

const amountOf = (lines: Map<string, Line>, label: string) => lines.get(label)?.amount ?? 0;

export interface SubmitAmounts {
  /** 应付 / 定金 / 尾款 / 本期 */
  payLabel: string;
  payable: number;
  order: number;
  coupon: number;
  price: number;
  schedule: ScheduleRowSeen[];
}

/** The submit screen's amounts, checked to add up (see the file comment). */
export async function checkSubmitAmounts(root: Locator): Promise<SubmitAmounts> {
  const PAY_LABEL = '.sf-submit__payable > :first-child';
  const PAYABLE = '.sf-submit__payable .sf-price';
  const BAR = '.sf-submit__total';
  const BAR_PRICE = '.sf-submit__total .sf-price';
  const CARD_PRICE = '.sf-submit__course .sf-price';
  const seen = await readScreen(root, [PAY_LABEL, PAYABLE, BAR, BAR_PRICE, CARD_PRICE]);
  const lines = linesOf(seen);
  assert.ok(lines.has('售价'), 'the submit screen shows 售价');
  const price = amountOf(lines, '售价');
  const courseOff = amountOf(lines, '课程优惠');
  const packageOff = amountOf(lines, '套餐优惠');
  const freight = amountOf(lines, '运费');
  const couponLine = lines.get('优惠券');
  const coupon = couponLine && couponLine.text.startsWith('-') ? couponLine.amount : 0;
  const order = price - courseOff - packageOff + freight;

  const payLabel = seen.texts[PAY_LABEL] || '';
  const payable = fen(seen.texts[PAYABLE]);
  const barLabel = seen.texts[BAR] || '';
  assert.equal(
    fen(seen.texts[BAR_PRICE]),
    payable,
    `the bottom bar (${barLabel}) and the payable line (${payLabel} ${yuan(payable)}) show the same amount`,
  );
  assert.ok(barLabel.startsWith(payLabel), `the bottom bar names the same payment (${barLabel} / ${payLabel})`);
  assert.equal(fen(seen.texts[CARD_PRICE]), price, 'the course card shows 售价');

  const parts = { 售价: price, 课程优惠: courseOff, 套餐优惠: packageOff, 运费: freight, 优惠券: coupon };
  const schedule = scheduleOf(seen);
  if (payLabel === '应付') {
    assert.equal(schedule.length, 0, 'a single payment has no schedule');
    assertSum(payable, Math.max(0, order - coupon), '应付 = 售价 − 课程优惠 − 套餐优惠 + 运费 − 优惠券', parts);
  } else {
    assert.ok(schedule.length >= 2, `a ${payLabel} payment shows its schedule`);
    const total = schedule.reduce((sum, r) => sum + r.amount, 0);
    assertSum(total, order - coupon, 'the schedule adds up to 售价 − 课程优惠 − 套餐优惠 + 运费 − 优惠券', parts);
    const due = schedule.filter((r) => r.state === 'current');
    assert.equal(due.length, 1, 'one schedule row is due now');
    assert.equal(due[0].amount, payable, `the row due now (${due[0].title}) is the payable ${payLabel}`);
  }
  return { payLabel, payable, order, coupon, price, schedule };
}

export interface DetailAmounts {
  total: number;
  /** What the order asks for now (0 when nothing is due). */
  due: number;
  schedule: ScheduleRowSeen[];
}

/** The order detail's amounts, checked to add up (see the file comment). */
export async function checkOrderDetailAmounts(root: Locator): Promise<DetailAmounts> {
  const PAY = '#order-pay';
  const STATUS = '.sf-detail__status-sub';
  const seen = await readScreen(root, [PAY, STATUS]);
  const lines = linesOf(seen);
  assert.ok(lines.has('商品金额') && lines.has('订单总额'), 'the order detail shows 商品金额 and 订单总额');
  const goods = amountOf(lines, '商品金额');
  const courseOff = amountOf(lines, '课程优惠');
  const packageOff = amountOf(lines, '套餐优惠');
  const coupon = amountOf(lines, '优惠券');
  const freight = amountOf(lines, '运费');
  const total = amountOf(lines, '订单总额');
  const parts = { 商品金额: goods, 课程优惠: courseOff, 套餐优惠: packageOff, 优惠券: coupon, 运费: freight };
  assertSum(
    total,
    goods - courseOff - packageOff - coupon + freight,
    '订单总额 = 商品金额 − 课程优惠 − 套餐优惠 − 优惠券 + 运费',
    parts,
  );

  const schedule = scheduleOf(seen);
  if (schedule.length) {
    assertSum(
      schedule.reduce((sum, r) => sum + r.amount, 0),
      total,
      'the schedule adds up to 订单总额',
      Object.fromEntries(schedule.map((r) => [r.title, r.amount])),
    );
  }
  let due = 0;
  if (seen.texts[PAY] !== null) {
    due = fen(seen.texts[PAY]);
    assert.equal(
      fen(seen.texts[STATUS]),
      due,
      `the status line (${seen.texts[STATUS]}) asks for what the pay button pays`,
    );
    if (schedule.length) {
      const current = schedule.find((r) => r.state === 'current');
      assert.ok(current, 'a payable order has a row due now');
      assert.equal(current.amount, due, `the row due now (${current.title}) is what the pay button pays`);
    } else {
      assert.equal(due, total, 'a single payment pays 订单总额');
    }
  }
  return { total, due, schedule };
}

/** The order card of `orderNo` in the order list: its 订单金额 and pay amount match the order's detail. */
export async function checkOrderListAmounts(root: Locator, orderNo: string, detail: DetailAmounts): Promise<void> {
  const card = root.locator(`.sf-order[data-order-no="${orderNo}"]`);
  await card.waitFor({ state: 'visible' });
  const listed = fen(await card.locator('.sf-order__amount .sf-price').textContent());
  assert.equal(listed, detail.total, `the list's 订单金额 of ${orderNo} is the detail's 订单总额`);
  const pay = card.locator('.sf-order__btn.is-primary');
  if (detail.due > 0)
    assert.equal(fen(await pay.textContent()), detail.due, `the list asks for what the detail asks for (${orderNo})`);
  else assert.equal(await pay.count(), 0, `nothing to pay on ${orderNo}: no pay button in the list`);
}

/** Every order card in the list: the amount to pay now never exceeds the order's amount. */
export async function checkOrderCards(root: Locator): Promise<void> {
  for (const card of await root.locator('.sf-order').all()) {
    const total = fen(await card.locator('.sf-order__amount .sf-price').textContent());
    const pay = card.locator('.sf-order__btn.is-primary');
    if (await pay.count()) {
      const due = fen(await pay.textContent());
      assert.ok(due > 0 && due <= total, `a card asks for ${yuan(due)} of an order of ${yuan(total)}`);
    }
  }
}

export interface CourseDetailAmounts {
  price: number;
}

/** The detail's price agrees everywhere it is shown, and 科目费用 multiplies out. */
export async function checkDetailAmounts(root: Locator): Promise<CourseDetailAmounts> {
  const price = fen(await root.locator('.sf-act__price').textContent());
  const bar = root.locator('.sf-act__bar-price');
  if (await bar.count()) assert.equal(fen(await bar.textContent()), price, 'the bottom bar shows the price at the top');
  const chosen = root.locator('.sf-act__package.is-chosen .sf-act__package-head .sf-price');
  if (await chosen.count()) assert.equal(fen(await chosen.textContent()), price, 'the price is the chosen package’s');
  const origin = root.locator('.sf-act__origin');
  if (await origin.count())
    assert.ok(fen(await origin.textContent()) > price, 'the struck original price is above the price');
  const subjects = root.locator('.sf-act__row', { hasText: '科目费用' });
  if (await subjects.count()) {
    const text = (await subjects.textContent()) || '';
    const m = text.match(/¥([\d.]+)\s*×\s*(\d+)科\s*=\s*¥([\d.]+)/);
    assert.ok(m, `科目费用 reads "a × N科 = b": ${text}`);
    assert.equal(fen(`¥${m[1]}`) * Number(m[2]), fen(`¥${m[3]}`), `科目费用 multiplies out: ${text}`);
  }
  return { price };
}
