/**
 * The operator's withdrawal console as an operator uses it: its own script runs in jsdom, its fetch answered by
 * the real app for the key and canned for the list. 通过 pays out at once, so it asks first and cancelling sends
 * nothing; only a paid-out withdrawal says 实际到账.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import type { OpsWithdrawal } from '@contract/earnings';
import { buildHarness, type Harness } from '../../helpers/app';

describe('ops withdrawal console', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(async () => h.close());

  const withdrawal = (no: string, status: OpsWithdrawal['status']): OpsWithdrawal => ({
    withdrawalNo: no,
    amount: 10000,
    fee: 60,
    actualAmount: 9940,
    status,
    statusText: status,
    bankName: '招商银行',
    cardMasked: '**** 7894',
    createdAt: '2026-11-05T02:00:00Z',
    holderName: '*三',
    reason: null,
    reviewedAt: null,
    finishedAt: null,
    timeline: [],
    userId: 'u1',
    phone: '13800138000',
    payoutRef: null,
  });

  async function openConsole(list: OpsWithdrawal[], confirms: boolean[]) {
    const asked: string[] = [];
    const posted: string[] = [];
    const loads = { n: 0 };
    const html = String((await h.inject({ method: 'GET', url: '/ops/earnings/console' })).raw.body);
    const dom = new JSDOM(html, {
      url: 'http://ops.test/ops/earnings/console',
      runScripts: 'dangerously',
      beforeParse(window) {
        window.confirm = (message?: string) => {
          asked.push(String(message));
          return confirms.shift() ?? false;
        };
        (window as unknown as { fetch: unknown }).fetch = async (path: string, init: { method: string }) => {
          if (init.method === 'POST') posted.push(path);
          else loads.n += 1;
          return { json: async () => ({ state: true, message: '', info: init.method === 'GET' ? { list } : list[0] }) };
        };
      },
    });
    const doc = dom.window.document;
    (doc.querySelector('#ops-key') as HTMLInputElement).value = h.config.opsKey;
    (doc.querySelector('#only-reviewing') as HTMLInputElement).checked = false;
    (doc.querySelector('#ops-load') as HTMLElement).click();
    for (let i = 0; i < 400 && !doc.querySelector('.card[data-no]'); i++) await new Promise((r) => setTimeout(r, 10));
    return { dom, doc, asked, posted, loads };
  }

  it('通过 asks with the amount and the card; cancelled, nothing is sent; confirmed, it is', async () => {
    const c = await openConsole([withdrawal('WD1', 'REVIEWING')], [false, true]);
    (c.doc.querySelector('#approve-WD1') as HTMLElement).click();
    assert.equal(c.asked.length, 1);
    assert.match(c.asked[0], /招商银行 \*\*\*\* 7894/);
    assert.match(c.asked[0], /提现 ¥100\.00，实际打款 ¥99\.40/);
    assert.deepEqual(c.posted, []);
    (c.doc.querySelector('#approve-WD1') as HTMLElement).click();
    assert.deepEqual(c.posted, ['/ops/earnings/withdrawals/WD1/approve']);
    // The list reloads after the approval; the page is closed only once it has.
    for (let i = 0; i < 400 && c.loads.n < 2; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(c.loads.n, 2);
    c.dom.window.close();
  });

  it('实际到账 only for a paid-out withdrawal', async () => {
    const c = await openConsole(
      [
        withdrawal('WD2', 'SUCCESS'),
        withdrawal('WD3', 'REJECTED'),
        withdrawal('WD4', 'FAILED'),
        withdrawal('WD5', 'PAYING'),
      ],
      [],
    );
    const line = (no: string) => c.doc.querySelector(`.card[data-no="${no}"]`)?.textContent ?? '';
    assert.match(line('WD2'), /实际到账 ¥99\.40/);
    for (const no of ['WD3', 'WD4']) {
      assert.doesNotMatch(line(no), /到账/);
      assert.match(line(no), /已退回/);
    }
    assert.match(line('WD5'), /预计到账 ¥99\.40/);
    c.dom.window.close();
  });
});
