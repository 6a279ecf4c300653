/**
 * The operator's after-sales page as an operator uses it: its own script runs in jsdom, its fetch answered by the
 * real app. A wrong key shows the server's 401 message; the right key then loads the list and the message goes,
 * while a failed action's message stays on screen as the list reloads under it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { OPS_MESSAGES } from '../../../src/runtime/ops-auth';
import { buildHarness, type Harness } from '../../helpers/app';

describe('ops after-sales page', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(async () => h.close());

  /**
   * The page served by the app, its script running, every fetch it makes injected into the same app (and noted).
   * `confirms` answers the page's confirm() calls in turn and records what they asked.
   */
  async function openPage(fake: Record<string, unknown> = {}, confirms: boolean[] = []) {
    const asked: string[] = [];
    const fetched: string[] = [];
    const html = String((await h.inject({ method: 'GET', url: '/ops/after-sales/page' })).raw.body);
    const dom = new JSDOM(html, {
      url: 'http://ops.test/ops/after-sales/page',
      runScripts: 'dangerously',
      beforeParse(window) {
        window.confirm = (message?: string) => {
          asked.push(String(message));
          return confirms.shift() ?? false;
        };
        (window as unknown as { fetch: unknown }).fetch = async (
          path: string,
          init: { method: string; headers: Record<string, string>; body?: string },
        ) => {
          fetched.push(`${init.method} ${path}`);
          const canned = fake[`${init.method} ${path}`];
          if (canned) return { json: async () => canned };
          const res = await h.app.inject({
            method: init.method as 'GET',
            url: path,
            headers: init.headers,
            payload: init.body,
          });
          return { json: async () => res.json() };
        };
      },
    });
    const doc = dom.window.document;
    const $ = (sel: string) => doc.querySelector(sel) as HTMLElement & { value: string };
    return {
      dom,
      asked,
      fetched,
      msg: () => $('#msg').textContent ?? '',
      loads: () => Number($('#list').getAttribute('data-loads') ?? 0),
      click: (sel: string) => $(sel).click(),
      loadWith(key: string) {
        $('#ops-key').value = key;
        $('#ops-load').click();
      },
    };
  }

  async function until(what: string, ok: () => boolean) {
    for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
    assert.ok(ok(), what);
  }

  it('a wrong key shows the 401 message; the right key clears it with the list', async () => {
    const page = await openPage();
    page.loadWith('not-the-key');
    await until('the 401 message shows', () => page.msg() === OPS_MESSAGES.unauthorized);

    page.loadWith(h.config.opsKey);
    await until('the list loads', () => page.loads() === 1);
    assert.equal(page.msg(), '', 'no stale 401 message beside a loaded list');
    page.dom.window.close();
  });

  it('a failed action keeps its message while the list reloads', async () => {
    // One application the server does not have, so its 同意退款 is refused with the server's own message.
    const ghost = {
      applicationNo: 'AS-GHOST',
      state: 'APPLIED',
      stateText: '待处理',
      phone: '',
      courseName: '课程',
      typeText: '仅退款',
      amount: 100,
      orderNo: 'O-GHOST',
      orderStatus: 'PAID',
      reason: '不想要了',
      description: '',
      logistics: null,
      refuseReason: null,
      images: [],
      records: [],
    };
    const page = await openPage({ 'GET /ops/after-sales': { state: true, message: '', info: { list: [ghost] } } }, [
      true,
    ]);
    page.loadWith(h.config.opsKey);
    await until('the list loads', () => page.loads() === 1);
    page.click('[data-no="AS-GHOST"] .act-agree');
    await until('the list reloads after the action', () => page.loads() === 2);
    assert.notEqual(page.msg(), '', 'the refusal is still on screen');
    page.dom.window.close();
  });

  it('actions that send money ask first; cancelled, nothing is sent', async () => {
    const app = (state: string) => ({
      applicationNo: `AS-${state}`,
      state,
      stateText: state,
      phone: '',
      courseName: '营养早餐课',
      typeText: '仅退款',
      amount: 12800,
      orderNo: 'O-1',
      orderStatus: 'PAID',
      reason: '不想要了',
      description: '',
      logistics: null,
      refuseReason: null,
      images: [],
      records: [],
    });
    const list = { state: true, message: '', info: { list: [app('APPLIED'), app('RECEIVED'), app('AGREED')] } };
    const page = await openPage({ 'GET /ops/after-sales': list }, [false, false, false]);
    page.loadWith(h.config.opsKey);
    await until('the list loads', () => page.loads() === 1);
    for (const [no, action] of [
      ['AS-APPLIED', 'agree'],
      ['AS-RECEIVED', 'refund'],
      ['AS-AGREED', 'refund'],
    ])
      page.click(`[data-no="${no}"] .act-${action}`);
    assert.equal(page.asked.length, 3);
    for (const q of page.asked) assert.match(q, /退款金额 ¥128\.00/);
    assert.match(page.asked[0], /确认同意退款/);
    // Asking for the goods back or refusing moves no money: no question.
    page.click('[data-no="AS-APPLIED"] .act-return');
    assert.equal(page.asked.length, 3);
    await until('the list reloads after 同意退货', () => page.loads() === 2);
    assert.deepEqual(
      page.fetched.filter((f) => f.startsWith('POST')),
      ['POST /ops/after-sales/AS-APPLIED/return'],
    );
    page.dom.window.close();
  });
});
