/**
 * Catalogue calls on the server (§7 Activities): details for every seeded item of every project, spec attributes,
 * hot recommendations, share info, the sanitised introduction, and reviews (paging; publishing only after a
 * purchase, once, as plain text). One harness for the file; a second app on the same database for PUBLIC_BASE_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { ActivityDetail, Comment, ShareInfo } from '@contract/activity';
import type { Paged } from '@contract/common';
import type { ActivityCard } from '@contract/pages';
import { activities } from '../../../src/domains/activity/schema';
import { activityComments } from '../../../src/domains/activity/schema';
import { orders, type OrderStatus } from '../../../src/domains/order/schema';
import { CATALOGUE } from '../../../src/db/seed/catalogue';
import { DETAIL_SEED_VERSION, seedCatalogueDetails } from '../../../src/db/seed/catalogue-details';
import { DEMO_PROJECTS } from '../../../src/db/seed/projects';
import { buildHarness, type Harness } from '../../helpers/app';
import { invalidateReadModels } from '../../../src/runtime/read-cache';

let h: Harness;
let token = '';
let userId = '';

before(async () => {
  h = await buildHarness();
  ({ token, userId } = await h.login('13911112222'));
});
after(async () => h.close());

const detail = async (actSn: string, as = token) => h.get<ActivityDetail>('/front/v1/activity/details', { actSn }, as);

let orderSeq = 0;
async function buy(user: string, actSn: string, status: OrderStatus = 'PAID', projectSn = 'demo') {
  orderSeq += 1;
  await h.database.db.insert(orders).values({
    orderNo: `SO-TEST-${orderSeq}`,
    projectSn,
    userId: user,
    actSn,
    orderType: 'COURSE',
    orderPayType: 1,
    status,
    totalAmount: 100,
  });
}

describe('details', () => {
  test('every field of the detail shows for some item, in every project', async () => {
    const keys = [...CATALOGUE.courses, ...CATALOGUE.activities, ...CATALOGUE.goods, ...CATALOGUE.integral]
      .filter((c) => !c.status)
      .map((c) => c.key);
    for (const p of DEMO_PROJECTS) {
      const visitor = await h.enter(p.projectSn);
      const all: ActivityDetail[] = [];
      for (const key of keys) {
        const res = await detail(`${p.projectSn}-${key}`, visitor);
        assert.equal(res.status, 200, `${p.projectSn}-${key}: ${res.raw.body}`);
        all.push(res.body.info);
      }
      const some = (what: string, ok: (d: ActivityDetail) => boolean) =>
        assert.ok(all.some(ok), `${p.projectSn}: no item with ${what}`);
      some('several images', (d) => d.images.length > 1);
      some('a summary', (d) => Boolean(d.summary));
      some('an original price', (d) => d.originalPrice !== null);
      some('price 0', (d) => d.price === 0);
      some('deposit + final', (d) => d.orderPayType === 2 && (d.depositAmount ?? 0) > 0);
      some('3 instalments', (d) => d.orderPayType === 3 && d.installmentNum === 3);
      some('6 instalments', (d) => d.orderPayType === 3 && d.installmentNum === 6);
      some('single payment', (d) => d.orderPayType === 1);
      some('course fields', (d) => Boolean(d.courseName && d.courseCover && d.courseAmount));
      some(
        'a package with covered courses',
        (d) =>
          d.isPackage &&
          d.packages.some(
            (pk) =>
              pk.price > 0 && pk.courses.length > 1 && pk.courses.every((c) => c.courseCover && c.courseAmount > 0),
          ),
      );
      some('gift courses', (d) => d.giftCourses.length > 1 && d.giftCourses.every((c) => c.courseCover));
      some('adult examination', (d) =>
        Boolean(d.adultExamination?.schoolName && d.adultExamination.majorLevelStr && d.adultExamination.majorName),
      );
      some('subject charges', (d) => (d.subjectCharge ?? 0) > 0 && (d.subjectsNum ?? 0) > 0);
      for (const tag of [1, 2, 3, 4, 5, 6]) some(`refund tag ${tag}`, (d) => d.refundTags.includes(tag));
      some('both hold types', (d) => d.holdTypes.includes('TRAILING_HOLD') && d.holdTypes.includes('TALENT_IN'));
      some('an introduction', (d) => d.hasProductIntroduce);
      some('a mobile integral package', (d) => d.integralPackage?.integralType === 'MOBILE_INTEGRAL');
      some('a unicom integral package', (d) => d.integralPackage?.integralType === 'UNICOM_INTEGRAL');
      some('an integral package without carrier', (d) => d.integralPackage?.integralType === '');
      some('integral preview and minimum type', (d) =>
        Boolean(
          d.integralPackage?.actPreviewUrl && d.integralPackage.minIntegralType && d.integralPackage.maxIntegral > 0,
        ),
      );
      some('a closed item', (d) => !d.orderEnabled && d.disabledReason === '课程报名已截止');
      assert.ok(
        all.every((d) => d.commentSummary.total >= 2 && d.commentSummary.latest.length > 0),
        'every item has reviews',
      );
      assert.ok(
        all.every((d) => !d.canComment),
        'a visitor who bought nothing may not review',
      );
    }
  });

  test('the household course, the adult-exam package and the closed course in detail', async () => {
    const adult = (await detail('demo-course-01')).body.info;
    assert.deepEqual(
      [
        adult.isPackage,
        adult.packages[0].courses.length,
        adult.orderPayType,
        adult.installmentNum,
        adult.depositAmount,
      ],
      [true, 3, 3, 6, null],
    );
    assert.deepEqual(adult.adultExamination, {
      schoolName: '华南师范大学',
      majorLevelStr: '专升本',
      majorName: '汉语言文学',
    });
    assert.deepEqual([adult.subjectCharge, adult.subjectsNum, adult.refundTags], [99000, 3, [1, 6]]);
    assert.equal(adult.commentSummary.total, 12);
    assert.equal(adult.commentSummary.latest.length, 3);
    assert.ok(adult.commentSummary.goodRate > 0 && adult.commentSummary.goodRate <= 100);
    const deposit = (await detail('demo-course-02')).body.info;
    assert.deepEqual([deposit.orderPayType, deposit.depositAmount, deposit.installmentNum], [2, 30000, null]);
    const household = (await detail('demo-course-05')).body.info;
    assert.deepEqual(household.holdTypes, ['TRAILING_HOLD', 'TALENT_IN']);
    const closed = (await detail('demo-course-08')).body.info;
    assert.deepEqual([closed.orderEnabled, closed.disabledReason], [false, '课程报名已截止']);
    const goods = (await detail('demo-goods-01')).body.info;
    assert.deepEqual(
      [goods.courseName, goods.courseCover, goods.courseAmount, goods.integralPackage],
      [null, null, null, null],
    );
  });

  test("the card's tags repeat the detail's tag strip", async () => {
    const strip = /^(套餐|定金\+尾款|分\d+期|含\d+个课程)$/;
    const rows = await h.database.db.select().from(activities).where(eq(activities.projectSn, 'course'));
    for (const row of rows.filter((r) => r.status === 'ONLINE')) {
      const d = (await detail(row.actSn, await visitorOf('course'))).body.info;
      const derived: string[] = [];
      if (d.isPackage) derived.push('套餐');
      if (d.orderPayType === 2) derived.push('定金+尾款');
      if (d.orderPayType === 3 && d.installmentNum) derived.push(`分${d.installmentNum}期`);
      const courses = new Set(d.packages.flatMap((p) => p.courses.map((c) => c.courseSn))).size;
      if (d.isPackage && courses) derived.push(`含${courses}个课程`);
      assert.deepEqual(
        row.tags.filter((t) => strip.test(t)),
        derived,
        row.actSn,
      );
    }
  });

  test("unknown, offline and another project's items are 404 with a message; bad input 400; no session 401", async () => {
    for (const actSn of ['nope', 'demo-course-09', 'course-course-01']) {
      for (const url of [
        '/front/v1/activity/details',
        '/front/v1/activity/spec-attrs',
        '/front/v1/activity/hot-recommend',
        '/front/v1/activity/share',
        '/front/v1/activity/comment/list',
      ]) {
        const res = await h.get(url, { actSn }, token);
        assert.deepEqual(
          [res.status, res.body.code, res.body.message],
          [404, 4040, '活动不存在或已下架'],
          `${url} ${actSn}`,
        );
      }
      const intro = await h.get(`/front/v1/activity/product/introduce/${actSn}`, {}, token);
      assert.equal(intro.status, 404);
    }
    const missing = await h.get('/front/v1/activity/details', {}, token);
    assert.deepEqual([missing.status, missing.body.message], [400, '缺少活动编号']);
    const blank = await h.get('/front/v1/activity/details', { actSn: '   ' }, token);
    assert.deepEqual([blank.status, blank.body.message], [400, '缺少活动编号']);
    const long = await h.get('/front/v1/activity/details', { actSn: 'x'.repeat(65) }, token);
    assert.deepEqual([long.status, long.body.message], [400, '活动编号过长']);
    const anonymous = await h.get('/front/v1/activity/details', { actSn: 'demo-course-01' });
    assert.deepEqual([anonymous.status, anonymous.body.code], [401, 502]);
  });

  test('spec attributes', async () => {
    const res = await h.get<{ attrs: { name: string; value: string }[] }>(
      '/front/v1/activity/spec-attrs',
      { actSn: 'demo-course-01' },
      token,
    );
    assert.deepEqual(res.body.info.attrs, [
      { name: '学制', value: '2.5年' },
      { name: '上课方式', value: '线上直播+线下面授' },
    ]);
  });

  test('hot recommendations: online items of the project by sales, never the item itself, at most 6', async () => {
    const res = await h.get<{ list: ActivityCard[] }>(
      '/front/v1/activity/hot-recommend',
      { actSn: 'demo-goods-01' },
      token,
    );
    const list = res.body.info.list;
    assert.equal(list.length, 6);
    assert.ok(list.every((c) => c.actSn !== 'demo-goods-01' && c.actSn.startsWith('demo-')));
    assert.ok(!list.some((c) => c.actSn === 'demo-course-09'), 'the offline course (best seller) is left out');
    assert.deepEqual(
      list.map((c) => c.sales),
      [...list.map((c) => c.sales)].sort((a, b) => b - a),
    );
    const top = await h.get<{ list: ActivityCard[] }>(
      '/front/v1/activity/hot-recommend',
      { actSn: list[0].actSn },
      token,
    );
    assert.ok(!top.body.info.list.some((c) => c.actSn === list[0].actSn));
    assert.equal(top.body.info.list[0].actSn, list[1].actSn);
  });

  test("share: title, summary, image and the item's public address; absolute with PUBLIC_BASE_URL", async () => {
    const course = (await h.get<ShareInfo>('/front/v1/activity/share', { actSn: 'demo-course-02' }, token)).body.info;
    assert.deepEqual(course, {
      title: '会计初级职称全程班',
      content: '会计初级职称全程班，名额有限，报名从速。',
      image: '/static/images/course-02.svg',
      link: '/item/demo-course-02?projectSn=demo',
    });
    const act = (await h.get<ShareInfo>('/front/v1/activity/share', { actSn: 'demo-activity-02' }, token)).body.info;
    assert.equal(act.link, '/item/demo-activity-02?projectSn=demo');

    const pub = await buildHarness({
      database: h.database,
      closeDatabase: false,
      env: { PUBLIC_BASE_URL: 'https://shop.example.com/' },
    });
    try {
      const abs = (await pub.get<ShareInfo>('/front/v1/activity/share', { actSn: 'demo-course-02' }, token)).body.info;
      assert.equal(abs.image, 'https://shop.example.com/static/images/course-02.svg');
      assert.equal(abs.link, 'https://shop.example.com/item/demo-course-02?projectSn=demo');
    } finally {
      await pub.close();
    }
  });

  test('the introduction is sanitised on the server and drops images under 60 px', async () => {
    const res = await h.get<{ content: string }>('/front/v1/activity/product/introduce/demo-course-01', {}, token);
    assert.equal(res.status, 200);
    assert.ok(res.body.info.content.includes('<img src="/static/images/course-01.svg"'));
    assert.ok(res.body.info.content.includes('<table>'));
    assert.ok(!res.body.info.content.includes('width="1"'));

    const [row] = await h.database.db.select().from(activities).where(eq(activities.actSn, 'demo-goods-02'));
    const hostile =
      '<p onclick="steal()">正文</p><script>alert(1)</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe>' +
      '<img src="x" onerror="alert(1)" width="300"><a href="javascript:alert(1)">链接</a><a href=" JaVa&#x09;script:alert(2)">二</a>';
    await h.database.db
      .update(activities)
      .set({ detail: { ...row.detail, introduce: hostile } })
      .where(eq(activities.actSn, 'demo-goods-02'));
    const clean = (await h.get<{ content: string }>('/front/v1/activity/product/introduce/demo-goods-02', {}, token))
      .body.info.content;
    assert.ok(clean.includes('正文') && clean.includes('链接'));
    assert.ok(!/<script|<style|<iframe|onclick|onerror|javascript:|alert\(/i.test(clean), clean);

    await h.database.db
      .update(activities)
      .set({ detail: { ...row.detail, introduce: '' } })
      .where(eq(activities.actSn, 'demo-goods-03'));
    // An operator's change to an item reaches the cached detail through invalidation (runtime/read-cache.ts).
    invalidateReadModels(h.database.db, 'demo');
    const none = await h.get<{ content: string }>('/front/v1/activity/product/introduce/demo-goods-03', {}, token);
    assert.equal(none.body.info.content, '');
    assert.equal((await detail('demo-goods-03')).body.info.hasProductIntroduce, false);
  });
});

const visitors = new Map<string, string>();
async function visitorOf(projectSn: string): Promise<string> {
  if (!visitors.has(projectSn)) visitors.set(projectSn, await h.enter(projectSn));
  return visitors.get(projectSn)!;
}

describe('reviews', () => {
  const list = (actSn: string, page: number, perSize: number) =>
    h.get<Paged<Comment>>('/front/v1/activity/comment/list', { actSn, page, perSize }, token);

  test('paged, newest first, written by demo reviewers', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list('demo-course-01', page, 5)));
    assert.deepEqual(
      pages.map((p) => p.body.info.list.length),
      [5, 5, 2, 0],
    );
    assert.ok(pages.every((p) => p.body.info.total === 12 && p.body.info.perSize === 5));
    const all = pages.flatMap((p) => p.body.info.list);
    assert.equal(new Set(all.map((c) => c.commentId)).size, 12);
    assert.deepEqual(
      all.map((c) => c.createdAt),
      [...all.map((c) => c.createdAt)].sort().reverse(),
    );
    assert.ok(all.some((c) => c.images.length > 0));
    const seeded = await h.database.db
      .select()
      .from(activityComments)
      .where(eq(activityComments.actSn, 'demo-course-01'));
    assert.ok(
      seeded.every((c) => c.userId?.startsWith('demo-reviewer-')),
      'demo reviews have writers in users',
    );

    const tooBig = await list('demo-course-01', 1, 51);
    assert.deepEqual([tooBig.status, tooBig.body.message], [400, '每页条数不能超过50']);
    const zero = await list('demo-course-01', 0, 10);
    assert.deepEqual([zero.status, zero.body.message], [400, '页码必须大于0']);
    const text = await h.get(
      '/front/v1/activity/comment/list',
      { actSn: 'demo-course-01', page: 'abc', perSize: 10 },
      token,
    );
    assert.equal(text.status, 400);
  });

  const publish = (data: Record<string, unknown>, as = token) =>
    h.post<{ commentId: string }>(
      '/front/v1/activity/comment/publish',
      { actSn: 'demo-course-03', score: 5, ...data },
      as,
    );

  test('refused before buying (also with an unpaid or cancelled order), with a message', async () => {
    const refused = await publish({ content: '很好' });
    assert.deepEqual([refused.status, refused.body.code, refused.body.message], [403, 4030, '购买后才能评价']);
    await buy(userId, 'demo-course-03', 'UNPAID');
    await buy(userId, 'demo-course-03', 'CANCELLED');
    assert.equal((await publish({ content: '很好' })).status, 403);
    assert.equal((await detail('demo-course-03')).body.info.canComment, false);
    const visitor = await publish({ content: '很好' }, await visitorOf('demo'));
    assert.equal(visitor.status, 403);
  });

  test('bad input is refused with the field message', async () => {
    await buy(userId, 'demo-course-03', 'PAID');
    assert.equal((await detail('demo-course-03')).body.info.canComment, true);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ content: 'x'.repeat(501) }, '评价内容不能超过500字'],
      [{ content: '   ' }, '请输入评价内容'],
      [{ content: '\u0007\u202e' }, '请输入评价内容'],
      // NUL is refused for every field before any route runs (runtime/input-guard.ts): PostgreSQL cannot store it.
      [{ content: '好\u0000' }, '参数包含非法字符'],
      [{ content: '好', score: 0 }, '请选择评分'],
      [{ content: '好', score: 6 }, '评分为1到5星'],
      [{ content: '好', images: Array.from({ length: 10 }, () => '/static/images/course-03.svg') }, '最多上传9张图片'],
    ];
    for (const image of [
      'javascript:alert(1)',
      'http://cdn.example.com/a.png',
      '/static/../server/src/config.ts',
      '/static/images/../../x',
      '//evil.example/a.png',
      'data:image/png;base64,AAAA',
      '/uploads/a.png',
      'https://user:pw@evil.example/a.png',
      'https://evil.example/a.png" onerror="x',
    ]) {
      cases.push([{ content: '好', images: [image] }, '评价图片地址不正确']);
    }
    for (const [data, message] of cases) {
      const res = await publish(data);
      assert.deepEqual([res.status, res.body.message], [400, message], JSON.stringify(data));
    }
    assert.equal((await detail('demo-course-03')).body.info.canComment, true, 'nothing was stored');
  });

  test('once after buying; hostile text stays plain text without control characters; a second review is 409', async () => {
    const before = (await detail('demo-course-03')).body.info.commentSummary.total;
    const text = '  <script>alert(1)</script>\u0007好课\u202e<img src=x onerror=alert(1)>\r\n第二行  ';
    const images = ['/static/images/course-03.svg', 'https://cdn.example.com/review/a.png'];
    const ok = await publish({ content: text, score: 4, images });
    assert.equal(ok.status, 200, ok.raw.body);
    const [first] = (await list('demo-course-03', 1, 1)).body.info.list;
    assert.equal(first.commentId, ok.body.info.commentId);
    assert.equal(first.content, '<script>alert(1)</script>好课<img src=x onerror=alert(1)>\n第二行');
    assert.deepEqual([first.score, first.images, first.nickName], [4, images, '139****2222']);
    const after = (await detail('demo-course-03')).body.info;
    assert.deepEqual(
      [after.commentSummary.total, after.commentSummary.latest[0].commentId, after.canComment],
      [before + 1, first.commentId, false],
    );

    const twice = await publish({ content: '再来一次' });
    assert.deepEqual([twice.status, twice.body.code, twice.body.message], [409, 4090, '您已评价过该商品']);
  });

  test('two publishes at once store one review', async () => {
    const other = await h.login('13922223333');
    await buy(other.userId, 'demo-course-04', 'UNPAID_INSTALLMENTS');
    const results = await Promise.all(
      [1, 2, 3].map((i) => publish({ actSn: 'demo-course-04', content: `并发${i}` }, other.token)),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 409, 409]);
    const mine = await h.database.db.select().from(activityComments).where(eq(activityComments.userId, other.userId));
    assert.equal(mine.length, 1);
  });

  test("another project's item cannot be reviewed", async () => {
    const res = await publish({ actSn: 'course-course-03', content: '好' });
    assert.deepEqual([res.status, res.body.message], [404, '活动不存在或已下架']);
  });
});

describe('seed', () => {
  test('an older database gets the details and reviewers it lacks, once', async () => {
    const db = h.database.db;
    const [row] = await db.select().from(activities).where(eq(activities.actSn, 'integral-course-01'));
    // As the first catalogue seed left it: old-style detail, card tags without 套餐, a review without writer.
    await db
      .update(activities)
      .set({ detail: { images: [row.cover], summary: 'old' }, tags: ['分6期', '含3个课程'] })
      .where(eq(activities.actSn, row.actSn));
    await db
      .update(activityComments)
      .set({ userId: null, nickName: '旧昵称' })
      .where(eq(activityComments.commentId, 'seed-integral-course-01-1'));
    // An item an operator added to a demo project is not the seed's business.
    await db.insert(activities).values({
      actSn: 'demo-operator-item',
      projectSn: 'demo',
      actName: '运营自建商品',
      actType: 'GOODS',
      cover: '/static/images/goods-01.svg',
      price: 100,
    });
    await seedCatalogueDetails(db);
    const [fixed] = await db.select().from(activities).where(eq(activities.actSn, row.actSn));
    assert.equal((fixed.detail as { seedVersion?: number }).seedVersion, DETAIL_SEED_VERSION);
    assert.deepEqual(fixed.tags, ['套餐', '分6期', '含3个课程']);
    const [review] = await db
      .select()
      .from(activityComments)
      .where(eq(activityComments.commentId, 'seed-integral-course-01-1'));
    assert.ok(review.userId?.startsWith('integral-reviewer-'));
    assert.notEqual(review.nickName, '旧昵称');
    const again = (await db.select().from(activityComments)).length;
    await seedCatalogueDetails(db);
    assert.equal((await db.select().from(activityComments)).length, again, 'a second run adds nothing');
    const [operator] = await db.select().from(activities).where(eq(activities.actSn, 'demo-operator-item'));
    assert.deepEqual(operator.detail, {});
    assert.equal(
      (await db.select().from(activityComments).where(eq(activityComments.actSn, 'demo-operator-item'))).length,
      0,
    );
  });
});
