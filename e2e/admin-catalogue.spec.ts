/**
 * 商品管理 in the operator console on a desktop (1280x800), typed key by key: the owner creates a course of project
 * course with a two-period instalment plan that does not add up, asks to publish and sees the rule's Chinese
 * message with everything typed still there; fixes the second period and publishes; the storefront's detail call
 * then shows the course at the typed price and plan.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { openConsole, type ConsoleOps } from './console-ops';
import { openBrowser, startServer, typeKeys, type Server } from './harness';
import { signedCall } from './signed-fetch';

const PROJECT = 'course';
const NAME = `分期课程${Date.now().toString(36)}`;

let server: Server;
let browser: Browser;
let ops: ConsoleOps;
let page: Page;

const edit = () => page.locator('.sf-admin-catalogue-edit');
/** The plan row's input (antd ids form fields by their path: plan_<row>_<field>). */
const planField = (row: number, name: 'amountYuan' | 'dueDays'): Locator => edit().locator(`#plan_${row - 1}_${name}`);

describe('商品管理', () => {
  before(async () => {
    [server, browser] = await Promise.all([startServer(), openBrowser()]);
    ops = await openConsole(browser, server.baseUrl, PROJECT);
    page = ops.page;
  });
  after(async () => {
    await ops?.close();
    await browser?.close();
    await server?.stop();
  });

  test('a plan that does not add up is refused with its message, fixed, and published', async () => {
    const list = await ops.open('商品管理', '.sf-admin-catalogue');
    await list.getByRole('button', { name: '新建商品' }).click();
    await page.waitForURL(/\/admin\/catalogue\/new$/);
    await edit().waitFor();

    await typeKeys(edit().locator('#actName'), NAME);
    await typeKeys(edit().locator('#cover'), 'https://example.com/course.png');
    await typeKeys(edit().locator('#priceYuan'), '1200');
    await edit().getByLabel('分期').check();
    const add = edit().getByRole('button', { name: '添加一期' });
    await add.click();
    await add.click();
    await typeKeys(planField(1, 'amountYuan'), '600');
    await typeKeys(planField(2, 'amountYuan'), '300');
    await typeKeys(planField(2, 'dueDays'), '30');

    await edit().getByRole('button', { name: '保存并上架' }).click();
    const refusal = edit().locator('[data-testid=catalogue-refusal]');
    await refusal.waitFor();
    assert.match((await refusal.textContent()) ?? '', /各期金额合计 900 元，须等于应付金额 1200 元/);
    await ops.shot('catalogue-refused');
    // Nothing typed is lost.
    assert.equal(await edit().locator('#actName').inputValue(), NAME);
    assert.equal(await planField(1, 'amountYuan').inputValue(), '600');
    assert.equal(await planField(2, 'amountYuan').inputValue(), '300');

    await page.waitForURL(/\/admin\/catalogue\/[A-Z0-9a-z]+$/);
    await typeKeys(planField(2, 'amountYuan'), '600');
    await edit().getByRole('button', { name: '保存并上架' }).click();
    await edit().getByRole('button', { name: '下架' }).waitFor();
    await ops.shot('catalogue-published');
    const actSn = decodeURIComponent(/\/catalogue\/([^/?#]+)$/.exec(page.url())![1]);

    // The storefront sees it at once, at the typed price and plan.
    const { token } = await signedCall<{ token: string }>(server.baseUrl, 'POST', '/front/v1/entrance', {
      projectSn: PROJECT,
    });
    const detail = await signedCall<{ actName: string; price: number; installmentNum: number; orderPayType: number }>(
      server.baseUrl,
      'GET',
      '/front/v1/activity/details',
      { actSn },
      token,
    );
    assert.equal(detail.actName, NAME);
    assert.equal(detail.price, 120000);
    assert.equal(detail.orderPayType, 3);
    assert.equal(detail.installmentNum, 2);
  });
});
