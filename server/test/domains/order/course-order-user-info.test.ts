/**
 * §7 calls the storefront had no server for: GET /front/v2/client/course/order/details/{id} (a course order's
 * details; any other order is not one) and GET /front/v1/client/user-info/list (the applicant details the customer
 * gave on their orders, newest per field, never another customer's).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { orderPayments, orders } from '../../../src/domains/order/schema';
import { buildHarness, type Harness } from '../../helpers/app';

type Applicant = { label: string; keyName: string; value: string }[];

describe('course order details (v2) and user-info/list', () => {
  let h: Harness;
  let me: { token: string; userId: string };
  let other: { token: string; userId: string };
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

  async function insertOrder(
    orderNo: string,
    userId: string,
    orderType: string,
    applicant: Applicant,
    createdAt: Date,
  ) {
    await h.database.db.insert(orders).values({
      orderNo,
      projectSn: 'demo',
      userId,
      actSn: 'demo-course-01',
      orderType,
      orderPayType: 1,
      status: 'UNPAID',
      totalAmount: 100,
      snapshot: { course: { courseSn: 'C1', courseName: '成人高考专升本', courseCover: null }, applicant },
      expiresAt: new Date(Date.now() + 30 * 60_000),
      createdAt,
    });
    await h.database.db
      .insert(orderPayments)
      .values({ orderNo, seq: 1, kind: 'NORMAL', amount: 100, deductionAmount: 0, status: 'UNPAID' });
  }

  before(async () => {
    h = await buildHarness();
    me = await h.login('13700137101');
    other = await h.login('13700137102');
    await insertOrder(
      'UI-OLD',
      me.userId,
      'COURSE',
      [
        { label: '姓名', keyName: 'NAME', value: '张三' },
        { label: '身份证号', keyName: 'IDCARD', value: '110101199003071234' },
      ],
      minutesAgo(30),
    );
    await insertOrder(
      'UI-NEW',
      me.userId,
      'COURSE',
      [{ label: '姓名', keyName: 'NAME', value: '张三丰' }],
      minutesAgo(10),
    );
    await insertOrder('UI-GOODS', me.userId, 'GOODS', [], minutesAgo(5));
    await insertOrder(
      'UI-OTHER',
      other.userId,
      'COURSE',
      [{ label: '手机号码', keyName: 'PHONE', value: '13700137102' }],
      minutesAgo(1),
    );
  });
  after(() => h.close());

  it('a course order answers its details, as the order detail does', async () => {
    const v2 = await h.get<{ orderNo: string; orderType: string }>(
      '/front/v2/client/course/order/details/UI-NEW',
      {},
      me.token,
    );
    assert.equal(v2.status, 200, v2.raw.body);
    const v1 = await h.get('/front/v1/client/order/details/UI-NEW/', {}, me.token);
    assert.deepEqual(v2.body.info, v1.body.info);
    assert.equal(v2.body.info.orderType, 'COURSE');
  });

  it("another kind of order, another customer's, or none: 订单不存在 (1008)", async () => {
    for (const [orderNo, token] of [
      ['UI-GOODS', me.token],
      ['UI-OTHER', me.token],
      ['UI-NONE', me.token],
    ]) {
      const res = await h.get<null>(`/front/v2/client/course/order/details/${orderNo}`, {}, token);
      assert.equal(res.status, 404, orderNo);
      assert.equal((res.body as unknown as { code: number }).code, 1008, orderNo);
    }
    assert.equal((await h.get('/front/v2/client/course/order/details/UI-NEW')).status, 401);
  });

  it("user-info/list: the newest value per field, the customer's own only", async () => {
    const res = await h.get<{ list: { keyName: string; label: string; value: string }[] }>(
      '/front/v1/client/user-info/list',
      {},
      me.token,
    );
    assert.equal(res.status, 200, res.raw.body);
    assert.deepEqual(res.body.info.list, [
      { keyName: 'NAME', label: '姓名', value: '张三丰' },
      { keyName: 'IDCARD', label: '身份证号', value: '110101199003071234' },
    ]);
    const theirs = await h.get<{ list: unknown[] }>('/front/v1/client/user-info/list', {}, other.token);
    assert.deepEqual(theirs.body.info.list, [{ keyName: 'PHONE', label: '手机号码', value: '13700137102' }]);
    const visitor = await h.get<{ list: unknown[] }>('/front/v1/client/user-info/list', {}, await h.enter());
    assert.deepEqual(visitor.body.info.list, []);
    assert.equal((await h.get('/front/v1/client/user-info/list')).status, 401);
  });
});
