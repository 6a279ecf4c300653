/**
 * 营销 in the operator console on a desktop (1280x800), typed key by key, project demo: a coupon template (a
 * discount of 150% is refused in Chinese under its field and the name stays as typed), a claim activity offering it
 * and its QR code (an image of the claim link) with a print button; a card batch generated, its codes exported
 * once (a CSV of the codes; the second export is refused with the reason), and voided (取消 first leaves it valid).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { MARKETING_MESSAGES } from '../contract/coupon-ops';
import { ensureAdminBuilt, openDesk, type Desk } from './admin-desk';
import { openBrowser, startServer, typeKeys, type Server } from './harness';

const OWNER = { username: 'admin', password: 'storefront-admin' };
/** Unique per run, so three runs in a row never find an earlier run's rows. */
const RUN = Date.now().toString(36).slice(-5);
const COUPON = `满50减5-${RUN}`;
const CLAIM = `到店领券-${RUN}`;
const CARD = `体验卡-${RUN}`;

let server: Server;
let browser: Browser;
let desk: Desk;
let page: Page;

const modal = (title: string) => page.locator('.ant-modal', { hasText: title }).filter({ visible: true });
const row = (pageClass: string, text: string) =>
  page.locator(`.${pageClass} .ant-table-tbody .ant-table-row`, { hasText: text });

async function openMenu(name: string, pageClass: string): Promise<Locator> {
  await page.locator('.ant-pro-sider .ant-menu-item', { hasText: name }).click();
  const content = page.locator(`.${pageClass}`);
  await content.locator('.ant-table').waitFor();
  return content;
}

describe('营销', () => {
  before(async () => {
    ensureAdminBuilt();
    [server, browser] = await Promise.all([startServer(), openBrowser()]);
    desk = await openDesk(browser);
    page = desk.page;
    await desk.context.addInitScript({ content: "localStorage.setItem('sf-admin:project', 'demo')" });
    await page.goto(`${server.baseUrl}/admin/login`);
    const login = page.locator('.sf-admin-login form');
    await typeKeys(login.locator('#login_username'), OWNER.username);
    await typeKeys(login.locator('#login_password'), OWNER.password);
    await login.locator('button[type=submit]').click();
    await page.locator('.ant-pro-sider .ant-menu-item', { hasText: '优惠券' }).waitFor();
  });
  after(async () => {
    await desk?.close();
    await browser?.close();
    await server?.stop();
  });

  test('a coupon template: a bad discount refused in Chinese, then saved', async () => {
    const content = await openMenu('优惠券', 'sf-admin-coupons');
    await content.getByRole('button', { name: '新建优惠券' }).click();
    const form = modal('新建优惠券');
    await form.locator('#couponName').waitFor();
    await typeKeys(form.locator('#couponName'), COUPON);
    await form.locator('label', { hasText: '打折' }).click();
    await typeKeys(form.locator('#amount'), '150');
    await form.getByRole('button', { name: '保存' }).click();
    await form
      .locator('.ant-form-item-explain-error', { hasText: '折扣券的优惠额度是减去的百分比，须小于100' })
      .waitFor();
    assert.equal(await form.locator('#couponName').inputValue(), COUPON);
    assert.equal(await form.locator('#amount').inputValue(), '150');
    await desk.shot('marketing-coupon-refused');

    await form.locator('label', { hasText: '减金额' }).click();
    await form.locator('#amount').fill('');
    await typeKeys(form.locator('#amount'), '5');
    await typeKeys(form.locator('#threshold'), '50');
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'hidden' });
    const saved = row('sf-admin-coupons', COUPON);
    await saved.waitFor();
    assert.match(await saved.innerText(), /满¥50(\.00)?减¥5(\.00)?/);
  });

  test('a claim activity offering it, and its QR code to print', async () => {
    const content = await openMenu('领券活动', 'sf-admin-claims');
    await content.getByRole('button', { name: '新建领券活动' }).click();
    const form = modal('新建领券活动');
    await form.locator('#title').waitFor();
    await typeKeys(form.locator('#title'), CLAIM);
    await form.locator('.ant-select', { has: page.locator('#items_0_couponSn') }).click();
    await page.keyboard.type(RUN, { delay: 40 });
    await page
      .locator('.ant-select-dropdown', { has: page.locator('#items_0_couponSn_list') })
      .locator('.ant-select-item-option', { hasText: COUPON })
      .click();
    await typeKeys(form.locator('#items_0_stock'), '100');
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'hidden' });
    const saved = row('sf-admin-claims', CLAIM);
    await saved.waitFor();
    assert.match(await saved.innerText(), new RegExp(`${COUPON}：0/100`));

    await saved.getByText('二维码').click();
    const qr = modal(`领券二维码：${CLAIM}`);
    const image = qr.locator('img[alt=领券二维码]');
    await image.waitFor();
    assert.match((await image.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
    assert.match(await qr.innerText(), /getCouponActive\?actSn=\w+&projectSn=demo/);
    assert.equal(await qr.getByRole('button', { name: '打印' }).isEnabled(), true);
    await desk.shot('marketing-claim-qr');
    await qr.getByRole('button', { name: '关闭' }).click();
    await qr.waitFor({ state: 'hidden' });
  });

  test('a card batch: generated, exported once, a second export refused, voided after 取消 first', async () => {
    const content = await openMenu('卡密批次', 'sf-admin-cards');
    await content.getByRole('button', { name: '生成卡密' }).click();
    const form = modal('生成卡密');
    await form.locator('#cardName').waitFor();
    await typeKeys(form.locator('#cardName'), CARD);
    await typeKeys(form.locator('#count'), '6000');
    await form.getByRole('button', { name: '生成' }).click();
    await form.locator('.ant-form-item-explain-error', { hasText: '生成数量须为1-5000' }).waitFor();
    assert.equal(await form.locator('#cardName').inputValue(), CARD);
    await form.locator('#count').fill('');
    await typeKeys(form.locator('#count'), '3');
    await form.getByRole('button', { name: '生成' }).click();
    await form.waitFor({ state: 'hidden' });
    const batch = row('sf-admin-cards', CARD);
    await batch.getByText('未导出').waitFor();

    await batch.getByText('导出卡密').click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '卡密只能导出一次' });
    const download = page.waitForEvent('download');
    await confirm.getByRole('button', { name: '导出' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\n');
    assert.equal(lines[0], 'code');
    assert.equal(lines.length, 4);
    await batch.getByText('已导出').waitFor();

    await batch.getByText('导出卡密').click();
    await page
      .locator('.ant-modal-confirm', { hasText: '卡密只能导出一次' })
      .getByRole('button', { name: '导出' })
      .click();
    const refused = page.locator('.ant-modal-confirm', { hasText: '不能导出' });
    await refused.getByText(MARKETING_MESSAGES.exportedAlready).waitFor();
    await desk.shot('marketing-export-refused');
    await refused.getByRole('button', { name: '知道了' }).click();
    await refused.waitFor({ state: 'hidden' });

    await batch.getByText('作废').click();
    const pop = page.locator('.ant-popover', { hasText: '未使用的卡密将立即失效' }).filter({ visible: true });
    await pop.getByRole('button', { name: '取消' }).click();
    await pop.waitFor({ state: 'hidden' });
    assert.match(await batch.innerText(), /有效/);
    await batch.getByText('作废').click();
    await page
      .locator('.ant-popover', { hasText: '未使用的卡密将立即失效' })
      .filter({ visible: true })
      .getByRole('button', { name: '作废' })
      .click();
    await batch.getByText(/已作废 \d{4}-/).waitFor();
    assert.equal(await batch.getByText('导出卡密').count(), 0);
    await desk.shot('marketing-voided');
  });
});
