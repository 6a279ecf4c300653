/**
 * A sign-up's order tells the customer when and where to come: the activity's 活动时间 and 活动地点, as its detail
 * shows them now; items without either have no event.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ActivityDetail } from '@contract/activity';
import type { OrderDetail } from '@contract/payment';
import { buildHarness, type Harness } from '../../helpers/app';

describe('the event of an activity order', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(async () => h.close());

  test('a free sign-up shows the activity time and place; a course shows none', async () => {
    const { token } = await h.login('13600136001');
    const act = (await h.get<ActivityDetail>('/front/v1/activity/details', { actSn: 'demo-activity-02' }, token)).body
      .info;
    assert.ok(act.schedule && act.place, 'the demo night run has a time and a place');
    const signed = await h.post<{ orderNo: string }>(
      '/front/v1/client/order/sign-up',
      { actSn: 'demo-activity-02' },
      token,
    );
    assert.equal(signed.status, 200, signed.raw.body);
    const d = (await h.get<OrderDetail>(`/front/v1/client/order/details/${signed.body.info.orderNo}/`, {}, token)).body
      .info;
    assert.deepEqual(d.event, { schedule: act.schedule, place: act.place });

    const course = (await h.get<ActivityDetail>('/front/v1/activity/details', { actSn: 'demo-course-01' }, token)).body
      .info;
    assert.equal(course.schedule ?? null, null);
  });
});
