/**
 * 项目设置 and image upload on a desktop (1280x800), typed key by key: the owner of project demo types a bad service
 * phone and sees the Chinese message with what was typed kept, then saves a good one; changes the 用户协议 text
 * (markup refused first, the text kept); uploads a picture as an item's cover through the storage provider. A phone
 * (375x812) then sees the new service phone, the new agreement text and the uploaded cover on the item's detail.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { STORE_SETTINGS_MESSAGES } from '../contract/ops-store-settings';
import { PLAIN_TEXT_MESSAGES } from '../contract/rules/plain-text';
import { ensureAdminBuilt } from './admin-desk';
import { openConsole, type ConsoleOps } from './console-ops';
import {
  currentPage,
  loginInBrowser,
  openBrowser,
  openPhone,
  SCREENS,
  startServer,
  typeKeys,
  type Server,
} from './harness';

const PROJECT = 'demo';
const PHONE = { typed: '400 666 8888', shown: '400-666-8888' };
const CLAUSE = `第九条 本协议自${Date.now().toString(36)}版起生效。`;

let server: Server;
let browser: Browser;
let ops: ConsoleOps;
let page: Page;

/** A real 120x120 PNG (one colour), big enough for the storefront to draw. */
function png(): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const size = 120;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0x1f, 0xd3, 0x81]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('项目设置', () => {
  before(async () => {
    ensureAdminBuilt();
    [server, browser] = await Promise.all([startServer(), openBrowser()]);
    ops = await openConsole(browser, server.baseUrl, PROJECT);
    page = ops.page;
  });
  after(async () => {
    await ops?.close();
    await browser?.close();
    await server?.stop();
  });

  test('the owner changes the service phone and an agreement; a bad phone is refused, kept as typed', async () => {
    const content = await ops.open('项目设置', '.sf-admin-store-settings form#store-settings');
    const settings = content.locator('.sf-admin-store-settings');
    const phone = settings.locator('#store-settings_servicePhone');

    await typeKeys(phone, '1234');
    await settings.getByRole('button', { name: '保存', exact: true }).click();
    await settings.locator('.ant-form-item-explain-error', { hasText: STORE_SETTINGS_MESSAGES.phoneBad }).waitFor();
    assert.equal(await phone.inputValue(), '1234');
    await ops.shot('settings-bad-phone');

    await typeKeys(phone, PHONE.typed);
    await settings.getByRole('button', { name: '保存', exact: true }).click();
    await page.locator('.ant-message', { hasText: '项目设置已保存' }).waitFor();
    await settings.getByText(`店铺「联系客服」显示为：${PHONE.shown}`).waitFor();

    const card = settings.locator('[data-agreement=user-agreement]');
    const text = card.locator('textarea');
    await text.click();
    await page.keyboard.press('ControlOrMeta+End');
    await text.pressSequentially('\n<p>', { delay: 30 });
    await card.locator('.ant-form-item-explain-error', { hasText: PLAIN_TEXT_MESSAGES.markup }).waitFor();
    assert.match(await text.inputValue(), /<p>$/);
    for (let i = 0; i < 3; i++) await text.press('Backspace');
    await text.pressSequentially(CLAUSE, { delay: 30 });
    await card.getByRole('button', { name: '保存协议' }).click();
    await page.locator('.ant-message', { hasText: '已保存，店铺即时生效' }).waitFor();
    await ops.shot('settings-saved');
  });

  test('an item cover is uploaded through the storage provider', async () => {
    const content = await ops.open('商品管理', '.sf-admin-catalogue .ant-table-row');
    const row = content
      .locator('.sf-admin-catalogue .ant-table-row', { hasText: '已上架' })
      .filter({ hasText: '活动' });
    await row.first().locator('a').first().click();
    await page.waitForURL(/\/admin\/catalogue\/[^/]+$/);
    const actSn = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const edit = page.locator('.sf-admin-catalogue-edit');
    const cover = edit.locator('#cover');
    await cover.waitFor();
    const field = edit.locator('.sf-admin-image-field', { has: page.locator('#cover') });
    await field.locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png() });
    // The upload's outcome, whatever it is, so a refusal shows its own message here.
    const notice = page.locator('.ant-message-notice', { hasText: /图片|上传|失败|网络/ }).first();
    await notice.waitFor();
    assert.equal((await notice.innerText()).trim(), '图片已上传');
    const url = await cover.inputValue();
    assert.match(url, /^\/storage\/c\/demo\/[a-z0-9]+-[0-9a-f]{16}\.png$/);
    await edit.getByRole('button', { name: '保存', exact: true }).click();
    await page.locator('.ant-message', { hasText: '保存成功' }).waitFor();
    await ops.shot('settings-cover');

    // The phone: the service phone, the agreement and the cover, as a customer sees them.
    const phone = await openPhone(browser);
    try {
      await loginInBrowser(phone, server, '13800138321');
      await phone.page.goto(`${server.baseUrl}/#/subpackages/user/thirdParty/customerService`);
      const service = await currentPage(phone.page, {
        route: 'subpackages/user/thirdParty/customerService',
        marker: '#service-phone',
      });
      await service.locator('#service-phone', { hasText: PHONE.shown }).waitFor();
      await phone.shot('settings-phone-service');

      await phone.page.goto(`${server.baseUrl}/#/subpackages/user/user/agreement?agreementSn=user-agreement`);
      const terms = await currentPage(phone.page, {
        route: 'subpackages/user/user/agreement',
        marker: '#agreement-title',
      });
      await terms.getByText(CLAUSE).waitFor();
      await phone.shot('settings-phone-agreement');

      await phone.page.goto(`${server.baseUrl}/#/pages/activity/activityDetail?actSn=${actSn}&projectSn=${PROJECT}`);
      const detail = await currentPage(phone.page, SCREENS.activityDetail);
      await detail.locator(`img[src$="${url}"]`).first().waitFor({ state: 'attached' });
      await phone.shot('settings-phone-cover');
    } finally {
      await phone.close();
    }
  });
});
