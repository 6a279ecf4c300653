/**
 * The submit screen's money for the defects customers found, in the built H5 against the real server: 课程85折券 on
 * the ¥1680 deposit course takes its 15% of the whole order (¥252, not 15% of the ¥300 deposit) and the schedule
 * shows 定金 ¥48 and 尾款 ¥1380; 护眼LED台灯, which says 包邮, shows 免运费.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SCREENS, checkSubmitAmounts, currentPage, loginInBrowser, readLines } from './harness';
import { phoneSuite } from './suite';

const suite = phoneSuite();

test('85折 on the deposit course: ¥252 off the ¥1680 order, 定金 ¥48, 尾款 ¥1380', async () => {
  const detail = await loginInBrowser(
    suite.phone,
    suite.server,
    '13700137091',
    SCREENS.courseDetail,
    '/pages/activity/courseDetail?actSn=demo-course-02',
  );
  const coupons = suite.phone.page.waitForResponse((r) => r.url().includes('/front/v2/client/course/order/coupons'));
  await detail.locator('#act-order').click();
  const submit = await currentPage(suite.phone.page, SCREENS.courseOrderSubmit, {
    marker: '.sf-submit__payable .sf-price',
  });
  await coupons;
  // §4: the first available coupon is chosen, and the list puts the biggest saving first: 课程85折券.
  await submit
    .locator('.sf-lines__row', { hasText: '优惠券' })
    .locator('.sf-lines__discount')
    .waitFor({ state: 'visible' });
  const amounts = await checkSubmitAmounts(submit);
  assert.deepEqual([amounts.payLabel, amounts.order, amounts.coupon, amounts.payable], ['定金', 168000, 25200, 4800]);
  assert.deepEqual(
    amounts.schedule.map((r) => [r.title, r.amount]),
    [
      ['定金', 4800],
      ['尾款', 138000],
    ],
  );
  await suite.phone.shot('coupon-money-deposit');
});

test('护眼LED台灯 says 包邮 and its order shows 免运费', async () => {
  const detail = await loginInBrowser(
    suite.phone,
    suite.server,
    '13700137092',
    SCREENS.activityDetail,
    '/pages/activity/activityDetail?actSn=demo-goods-03',
  );
  await detail.getByText('包邮', { exact: false }).first().waitFor({ state: 'visible' });
  await detail.locator('#act-order').click();
  const submit = await currentPage(suite.phone.page, SCREENS.orderSubmit, { marker: '.sf-submit__payable .sf-price' });
  const lines = await readLines(submit);
  assert.equal(lines.get('运费')?.text, '免运费');
  assert.equal(lines.get('运费')?.amount, 0);
  await suite.phone.shot('coupon-money-free-shipping');
});
