/**
 * Choosing what is ordered: the package picked on a course detail and the quantity of a goods
 * item. The server takes both from the confirmation it stored, checks that the package is one of the item's own
 * and computes every amount from them; submit cannot change either.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ActivityDetail } from '../../../../contract/activity';
import type { Confirmation, SubmitResult } from '../../../../contract/order';
import type { OrderDetail } from '../../../../contract/payment';
import { SKU_CNT_MAX } from '../../../../contract/constants';
import { buildHarness, type Harness } from '../../helpers/app';

let h: Harness;
let token = '';

before(async () => {
  h = await buildHarness();
  token = (await h.login('13900007001')).token;
});
after(async () => h.close());

const COURSE_CONFIRM = '/front/v2/client/course/order/confirm';
const GOODS_CONFIRM = '/front/v1/client/order/confirm/data';

async function confirmOk(url: string, query: Record<string, unknown>) {
  const res = await h.get<Confirmation>(url, query, token);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
}

/** Submits a confirmation with exactly the amounts it shows (no coupon). */
async function submit(c: Confirmation, url = '/front/v2/client/course/order/submit') {
  const t = await h.get<{ orderToken: string }>(
    '/front/v1/client/order/confirm/receipt',
    { createOrderSn: c.createOrderSn },
    token,
  );
  const res = await h.post<SubmitResult>(
    url,
    {
      createOrderSn: c.createOrderSn,
      orderDiscountList: [],
      discountsAmount: 0,
      payAmount: c.confirmOrderAmount.payAmount,
      totalAmount: c.confirmOrderAmount.orderTotalAmount,
      orderToken: t.body.info.orderToken,
      orderPreAttachVO: { deliveryType: c.deliveryType, addressId: c.defaultAddress?.addressId },
    },
    token,
  );
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
}

/** The order detail's lines add up to its total (售价 − 课程优惠 − 套餐优惠 + 运费 − 优惠券). */
function addsUp(o: OrderDetail) {
  assert.equal(
    o.goodsAmount - o.courseDiscountAmount - o.packageDiscountAmount + o.freight - o.discountAmount,
    o.totalAmount,
  );
}

const sum = (c: Confirmation) => {
  const a = c.confirmOrderAmount;
  return a.totalAmount - a.courseDiscountAmount - a.packageDiscountAmount + a.freight;
};

describe('course packages', () => {
  test('the detail lists every package of the item', async () => {
    const res = await h.get<ActivityDetail>('/front/v1/activity/details', { actSn: 'demo-course-03' }, token);
    assert.deepEqual(
      res.body.info.packages.map((p) => [p.packageSn, p.packageName, p.price]),
      [
        ['demo-pkg-teacher', '笔试+面试套餐', 139900],
        ['demo-pkg-written', '笔试单科', 79900],
      ],
    );
  });

  test('the chosen package sets the courses and amounts, and the order keeps it', async () => {
    const c = await confirmOk(COURSE_CONFIRM, { targetSn: 'demo-course-03', packageSn: 'demo-pkg-written' });
    assert.equal(c.orderCourseInfo.packageSn, 'demo-pkg-written');
    assert.equal(c.orderCourseInfo.courseName, '教师资格证笔试面试通关班（笔试单科）');
    assert.deepEqual(
      c.packageCourseList.map((p) => p.courseName),
      ['教资笔试精讲'],
    );
    assert.equal(c.confirmOrderAmount.totalAmount, 89900);
    assert.equal(c.confirmOrderAmount.packageDiscountAmount, 10000);
    assert.equal(c.confirmOrderAmount.orderTotalAmount, 79900);
    assert.equal(sum(c), c.confirmOrderAmount.orderTotalAmount, 'the lines add up to the total');

    // A recomputation (address, coupons, submit) keeps the stored package.
    const again = await h.get<Confirmation>(
      '/front/v2/client/course/order/confirm/details',
      { createOrderSn: c.createOrderSn },
      token,
    );
    assert.equal(again.body.info.orderCourseInfo.packageSn, 'demo-pkg-written');
    assert.equal(again.body.info.confirmOrderAmount.orderTotalAmount, 79900);

    const result = await submit(c);
    assert.equal(result.totalAmount, 79900);
    const detail = await h.get<OrderDetail>(`/front/v1/client/order/details/${result.orderNo}/`, {}, token);
    assert.equal(detail.status, 200, detail.raw.body);
    assert.equal(detail.body.info.packageName, '笔试单科');
    assert.equal(detail.body.info.totalAmount, 79900);
    addsUp(detail.body.info);
  });

  test('without a choice the first package is ordered', async () => {
    const c = await confirmOk(COURSE_CONFIRM, { targetSn: 'demo-course-03' });
    assert.equal(c.orderCourseInfo.packageSn, 'demo-pkg-teacher');
    assert.equal(c.confirmOrderAmount.orderTotalAmount, 139900);
  });

  test('a package of another item, of another project or of nothing is refused in Chinese', async () => {
    for (const [targetSn, packageSn] of [
      ['demo-course-03', 'demo-pkg-adult'],
      ['demo-course-03', 'course-pkg-written'],
      ['demo-course-04', 'demo-pkg-written'],
      ['demo-goods-02', 'demo-pkg-written'],
      ['demo-course-03', 'x'.repeat(65)],
    ]) {
      const url = targetSn.includes('goods') ? GOODS_CONFIRM : COURSE_CONFIRM;
      const res = await h.get(url, { targetSn, packageSn }, token);
      assert.equal(res.status, 400, `${targetSn} ${packageSn}`);
      assert.match(res.body.message, /套餐/);
    }
  });
});

describe('goods quantity', () => {
  test('the amounts are multiplied on the server and the order keeps the quantity', async () => {
    const c = await confirmOk(GOODS_CONFIRM, { targetSn: 'demo-goods-02', skuCnt: 3 });
    assert.equal(c.orderType, 'GOODS');
    assert.equal(c.orderCourseInfo.skuCnt, 3);
    assert.equal(c.confirmOrderAmount.totalAmount, 1990 * 3);
    assert.equal(c.confirmOrderAmount.orderTotalAmount, 1990 * 3 + c.confirmOrderAmount.freight);
    assert.equal(sum(c), c.confirmOrderAmount.orderTotalAmount);

    // The address recomputation keeps the quantity; so does submit, whatever the client sends.
    const again = await h.get<Confirmation>(
      '/front/v2/client/course/order/confirm/details',
      { createOrderSn: c.createOrderSn },
      token,
    );
    assert.equal(again.body.info.orderCourseInfo.skuCnt, 3);
    assert.equal(again.body.info.confirmOrderAmount.totalAmount, 1990 * 3);
    if (c.deliveryType !== 4 && !c.defaultAddress) {
      const addr = await h.post<{ addressId: string }>(
        '/front/v1/address',
        {
          consigneeName: '张三',
          consigneeTelephone: '13800138000',
          fullAddress: '天河路1号',
          provinceId: '440000',
          cityId: '440100',
          areaId: '440106',
        },
        token,
      );
      c.defaultAddress = { addressId: addr.body.info.addressId } as Confirmation['defaultAddress'];
    }
    const result = await submit(c, '/front/v1/client/order/submit');
    const detail = await h.get<OrderDetail>(`/front/v1/client/order/details/${result.orderNo}/`, {}, token);
    assert.equal(detail.body.info.skuCnt, 3);
    assert.equal(detail.body.info.orderType, 'GOODS');
    assert.equal(detail.body.info.goodsAmount, 1990 * 3);
    addsUp(detail.body.info);
  });

  test('a quantity out of 1..max, or not a whole number, is a 400 with a Chinese message', async () => {
    for (const skuCnt of [0, -1, SKU_CNT_MAX + 1, 1.5, 'abc']) {
      const res = await h.get(GOODS_CONFIRM, { targetSn: 'demo-goods-02', skuCnt }, token);
      assert.equal(res.status, 400, `skuCnt ${skuCnt}: ${res.raw.body}`);
      assert.match(res.body.message, /购买数量/);
    }
    const max = await confirmOk(GOODS_CONFIRM, { targetSn: 'demo-goods-02', skuCnt: SKU_CNT_MAX });
    assert.equal(max.confirmOrderAmount.totalAmount, 1990 * SKU_CNT_MAX);
  });

  test('a course is always one', async () => {
    const c = await confirmOk(COURSE_CONFIRM, { targetSn: 'demo-course-04', skuCnt: 5 });
    assert.equal(c.orderCourseInfo.skuCnt, 1);
    assert.equal(c.confirmOrderAmount.totalAmount, 458000);
  });
});
