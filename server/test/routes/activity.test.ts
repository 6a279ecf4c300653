/** Catalogue on the server: details, reviews, introduction, recommendations, share, and the JS-SDK signature. */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { ActivityDetail, Comment } from '../../../contract/activity';
import type { Paged } from '../../../contract/common';
import { orders } from '../../src/db/schema/orders';
import { createWechatTicketProvider, jsSdkSignature } from '../../src/services/wechat';
import { buildHarness, type Harness } from '../helpers/app';

let h: Harness;
let token = '';
let userId = '';

before(async () => {
  h = await buildHarness();
  ({ token, userId } = await h.login('13911112222'));
});
after(async () => h.close());

describe('details', () => {
  test('every field of the detail shows for some item', async () => {
    const adult = (await h.get<ActivityDetail>('/front/v1/activity/details', { actSn: 'demo-course-01' }, token)).body.info;
    assert.equal(adult.isPackage, true);
    assert.equal(adult.packages[0].courses.length, 3);
    assert.deepEqual([adult.orderPayType, adult.installmentNum], [3, 6]);
    assert.equal(adult.adultExamination?.majorLevelStr, '专升本');
    assert.deepEqual([adult.subjectCharge, adult.subjectsNum], [99000, 3]);
    assert.ok(adult.commentSummary.total > 0 && adult.commentSummary.latest.length > 0);
    const deposit = (await h.get<ActivityDetail>('/front/v1/activity/details', { actSn: 'demo-course-02' }, token)).body.info;
    assert.deepEqual([deposit.orderPayType, deposit.depositAmount], [2, 30000]);
    const gifts = (await h.get<ActivityDetail>('/front/v1/activity/details', { actSn: 'demo-course-03' }, token)).body.info;
    assert.equal(gifts.giftCourses.length, 2);
    const household = (await h.get<ActivityDetail>('/front/v1/activity/details', { actSn: 'demo-course-05' }, token)).body.info;
    assert.deepEqual(household.holdTypes, ['TRAILING_HOLD', 'TALENT_IN']);
    const closed = (await h.get<ActivityDetail>('/front/v1/activity/details', { actSn: 'demo-course-08' }, token)).body.info;
    assert.deepEqual([closed.orderEnabled, closed.disabledReason], [false, '课程报名已截止']);
    const points = (await h.get<ActivityDetail>('/front/v1/activity/details', { actSn: 'demo-integral-01' }, token)).body.info;
    assert.equal(points.integralPackage?.integralType, 'MOBILE_INTEGRAL');
  });

  test('unknown, offline and another project\'s items are 404 with a message', async () => {
    for (const actSn of ['nope', 'demo-course-09', 'course-course-01']) {
      const res = await h.get('/front/v1/activity/details', { actSn }, token);
      assert.equal(res.status, 404);
      assert.equal(res.body.message, '活动不存在或已下架');
    }
  });

  test('hot recommendations leave the item out; share links to its detail route', async () => {
    const hot = await h.get<{ list: { actSn: string }[] }>('/front/v1/activity/hot-recommend', { actSn: 'demo-goods-01' }, token);
    assert.ok(hot.body.info.list.length > 0 && hot.body.info.list.every((c) => c.actSn !== 'demo-goods-01'));
    const share = await h.get<{ link: string; title: string }>('/front/v1/activity/share', { actSn: 'demo-course-02' }, token);
    assert.match(share.body.info.link, /#\/pages\/activity\/courseDetail\?actSn=demo-course-02/);
  });

  test('the introduction is sanitised and drops images under 60 px', async () => {
    const res = await h.get<{ content: string }>('/front/v1/activity/product/introduce/demo-course-01', {}, token);
    assert.ok(res.body.info.content.includes('<img'));
    assert.ok(!res.body.info.content.includes('width="1"'));
    assert.ok(!/<script|onerror|javascript:/i.test(res.body.info.content));
  });
});

describe('reviews', () => {
  test('paged, newest first', async () => {
    const p1 = await h.get<Paged<Comment>>('/front/v1/activity/comment/list', { actSn: 'demo-course-01', page: 1, perSize: 2 }, token);
    assert.equal(p1.body.info.list.length, 2);
    assert.ok(p1.body.info.total >= 2);
    assert.ok(p1.body.info.list[0].createdAt >= p1.body.info.list[1].createdAt);
  });

  test('refused before buying; once after; hostile text stays plain; bad images and oversized text refused', async () => {
    const publish = (data: Record<string, unknown>) => h.post('/front/v1/activity/comment/publish', { actSn: 'demo-course-03', score: 5, ...data }, token);
    const refused = await publish({ content: '很好' });
    assert.deepEqual([refused.status, refused.body.message], [403, '购买后才能评价']);
    await h.database.db.insert(orders).values({ orderNo: 'SO-T-1', projectSn: 'demo', userId, actSn: 'demo-course-03', orderType: 'COURSE', orderPayType: 1, status: 'PAID', totalAmount: 1 });
    const before = (await h.get<ActivityDetail>('/front/v1/activity/details', { actSn: 'demo-course-03' }, token)).body.info;
    assert.equal(before.canComment, true);
    assert.equal((await publish({ content: 'x'.repeat(501) })).body.message, '评价内容不能超过500字');
    assert.equal((await publish({ content: '好', images: ['javascript:alert(1)'] })).body.message, '评价图片地址不正确');
    const ok = await publish({ content: '<script>alert(1)</script>\u0007好课' });
    assert.equal(ok.status, 200, ok.raw.body);
    const list = await h.get<Paged<Comment>>('/front/v1/activity/comment/list', { actSn: 'demo-course-03', page: 1, perSize: 1 }, token);
    assert.equal(list.body.info.list[0].content, '<script>alert(1)</script>好课');
    assert.equal(list.body.info.list[0].nickName, '139****2222');
    const twice = await publish({ content: '再来一次' });
    assert.deepEqual([twice.status, twice.body.message], [409, '您已评价过该商品']);
    const afterwards = (await h.get<ActivityDetail>('/front/v1/activity/details', { actSn: 'demo-course-03' }, token)).body.info;
    assert.equal(afterwards.canComment, false);
  });
});

describe('WeChat JS-SDK signature', () => {
  test("matches WeChat's documented sample", () => {
    const sig = jsSdkSignature(
      'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
      'Wm3WZYTPz0wzccnW',
      1414587457,
      'http://mp.weixin.qq.com?params=value#fragment',
    );
    assert.equal(sig, '0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  test('demo mode says signing is off', async () => {
    const res = await h.get('/js/getJSSign', { projectSn: 'demo', url: 'http://localhost/' });
    assert.deepEqual([res.status, res.body.message], [400, '未配置微信公众号，无法签名']);
  });

  test('the real provider talks to a WeChat fake and caches the ticket in the database', async () => {
    let hits = 0;
    const fake: Server = createServer((req, res) => {
      hits += 1;
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/cgi-bin/token')) res.end(JSON.stringify({ access_token: 'AT', expires_in: 7200 }));
      else if (req.url?.startsWith('/cgi-bin/ticket/getticket?access_token=AT&type=jsapi')) res.end(JSON.stringify({ errcode: 0, errmsg: 'ok', ticket: 'TICKET', expires_in: 7200 }));
      else res.end(JSON.stringify({ errcode: 40001, errmsg: 'bad' }));
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (fake.address() as { port: number }).port;
      const provider = createWechatTicketProvider(h.database.db, { appId: 'wx-test', appSecret: 's', apiBase: `http://127.0.0.1:${port}` });
      assert.equal(await provider.jsapiTicket(), 'TICKET');
      assert.equal(await provider.jsapiTicket(), 'TICKET');
      assert.equal(hits, 2, 'token + ticket once; the second call is served from the database');
    } finally {
      fake.close();
    }
  });
});
