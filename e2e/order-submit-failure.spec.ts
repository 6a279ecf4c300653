/**
 * §8 confirmation-load failure, as a customer meets it on the course order submit screen (the demo household
 * course: applicant form, 入户类型, remark). The customer types and chooses, then the screen loads again (the
 * browser's refresh) while its confirmation gets no answer, and again while the server refuses it with its error
 * envelope (1003, the course taken off sale); each time the 温馨提示 popup shows the message with the code, the
 * info and the response. Once the server answers, 重新加载 shows the order with everything typed and chosen.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page, Request } from 'playwright-core';
import type { Confirmation } from '../contract/order';
import { SCREENS, currentPage, field, loginInBrowser, typeKeys } from './harness';
import { phoneSuite } from './suite';

const suite = phoneSuite();
/** The demo course with an applicant form and 入户类型 (seed/ordering.ts course-05). */
const COURSE = 'demo-course-05';
const CONFIRM_PATH = '/front/v2/client/course/order/confirm';
const isConfirm = (url: URL) => url.pathname === CONFIRM_PATH;
/** §9: an identical request within 600 ms is answered by the one before it; a person reads the popup for longer. */
const DUPLICATE_SUPPRESSION_MS = 600;
const text = async (l: Locator) => ((await l.textContent()) || '').trim();

/** What the customer types into the applicant fields this walk fills. */
const TYPED: Record<string, string> = { NAME: '王五', PHONE: '13700137000' };

/** The load-failure popup on the submit screen, once it shows; what it says. */
async function failurePopup(page: Page) {
  const submit = await currentPage(page, SCREENS.courseOrderSubmit, { marker: '#order-load-failure' });
  const popup = submit.locator('.sf-tip').filter({ has: page.locator('#order-load-failure') });
  return {
    popup,
    title: await text(popup.locator('.sf-tip__title')),
    message: await text(popup.locator('.sf-tip__message')),
    details: (await popup.locator('#order-load-failure > *').allTextContents()).map((t) => t.trim()),
    buttons: (await popup.locator('.sf-tip__btn').allTextContents()).map((t) => t.trim()),
  };
}

/** The screen's confirmation request, seen once it is answered (or has failed). */
const confirmSettled = (page: Page) =>
  Promise.race([
    page.waitForResponse((r) => isConfirm(new URL(r.url()))),
    page.waitForEvent('requestfailed', (r: Request) => isConfirm(new URL(r.url()))),
  ]);

test('§8 load failure: code, info and response in the popup; 重新加载 keeps what was typed and chosen', async () => {
  const { page, shot } = suite.phone;
  const detail = await loginInBrowser(
    suite.phone,
    suite.server,
    '13700137401',
    SCREENS.courseDetail,
    `/pages/activity/courseDetail?actSn=${COURSE}`,
  );
  const confirmReply = page.waitForResponse((r) => isConfirm(new URL(r.url())));
  await detail.locator('#act-order').click();
  const c = ((await (await confirmReply).json()) as { info: Confirmation }).info;
  let submit = await currentPage(page, SCREENS.courseOrderSubmit, { marker: '.sf-submit__payable .sf-price' });

  // What the customer types and chooses before the screen is loaded again.
  const typed = c.restrict.filter((r) => TYPED[r.keyName] && r.idCardType !== 'IDCARD_OUT');
  assert.ok(typed.length >= 2, 'the course asks for a name and a phone');
  for (const rule of typed) await typeKeys(field(submit, `field-${rule.nKey}`), TYPED[rule.keyName]);
  await typeKeys(field(submit, 'order-remark'), '请工作日联系');
  await submit.locator('.sf-lines__row', { hasText: '入户类型' }).click();
  const option = submit.locator('.sf-submit__option').last();
  const household = await text(option);
  await option.click();
  await option.waitFor({ state: 'hidden' });
  const householdLine = submit.locator('.sf-lines__row', { hasText: '入户类型' }).locator('.sf-lines__value');
  assert.equal(await text(householdLine), household);

  // The screen loads again while the confirmation gets no answer at all.
  await page.route(isConfirm, (route) => route.abort('failed'));
  await page.reload();
  let shown = await failurePopup(page);
  assert.deepEqual(
    [shown.title, shown.message, shown.details, shown.buttons],
    ['温馨提示', '请求失败，稍后再试哦~', ['错误码：无', '返回信息：无', '响应：未收到响应'], ['重新加载', '返回首页']],
  );
  await shot('submit-load-failure-1-no-answer');

  // 重新加载 while the server refuses the order: its envelope, as server/src/runtime/http.ts failure() writes it.
  await page.unroute(isConfirm);
  await page.route(isConfirm, (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ state: false, message: '课程已下架，请联系客服安排其他课程!', info: null, code: 1003 }),
    }),
  );
  await page.waitForTimeout(DUPLICATE_SUPPRESSION_MS);
  let settled = confirmSettled(page);
  await shown.popup.getByText('重新加载', { exact: true }).click();
  await settled;
  shown = await failurePopup(page);
  await shown.popup.getByText('错误码：1003', { exact: true }).waitFor({ state: 'visible' });
  shown = await failurePopup(page);
  assert.deepEqual(
    [shown.title, shown.message, shown.details],
    ['温馨提示', '课程已下架，请联系客服安排其他课程!', ['错误码：1003', '返回信息：无', '响应：HTTP 400']],
  );
  await shot('submit-load-failure-2-refused');

  // The server answers again: 重新加载 shows the order, with what the customer typed and chose.
  await page.unroute(isConfirm);
  await page.waitForTimeout(DUPLICATE_SUPPRESSION_MS);
  settled = confirmSettled(page);
  await shown.popup.getByText('重新加载', { exact: true }).click();
  await settled;
  submit = await currentPage(page, SCREENS.courseOrderSubmit, { marker: '.sf-submit__payable .sf-price' });
  assert.equal(await submit.locator('#order-load-failure').count(), 0, 'the popup is gone');
  for (const rule of typed)
    assert.equal(await field(submit, `field-${rule.nKey}`).inputValue(), TYPED[rule.keyName], rule.label);
  assert.equal(await field(submit, 'order-remark').inputValue(), '请工作日联系');
  assert.equal(
    await text(submit.locator('.sf-lines__row', { hasText: '入户类型' }).locator('.sf-lines__value')),
    household,
  );
  await shot('submit-load-failure-3-reloaded');
});
