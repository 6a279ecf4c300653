/**
 * The activity place (the detail's place opens /open-location): the seeded activities with a venue
 * answer it with GCJ-02 coordinates in range, items without one answer null, in every demo project.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ActivityDetail } from '@contract/activity';
import { DEMO_PROJECTS } from '../../../src/db/seed/projects';
import { buildHarness, type Harness } from '../../helpers/app';

let h: Harness;
before(async () => {
  h = await buildHarness();
});
after(async () => h.close());

test('activity-01 and activity-02 have a place, a course has none', async () => {
  for (const p of DEMO_PROJECTS) {
    const visitor = await h.enter(p.projectSn);
    for (const key of ['activity-01', 'activity-02']) {
      const res = await h.get<ActivityDetail>(
        '/front/v1/activity/details',
        { actSn: `${p.projectSn}-${key}` },
        visitor,
      );
      assert.equal(res.status, 200, res.raw.body);
      const place = res.body.info.place;
      assert.ok(place, `${p.projectSn}-${key} has no place`);
      assert.ok(place.name && place.address);
      assert.ok(
        place.latitude > 18 && place.latitude < 54 && place.longitude > 73 && place.longitude < 135,
        'coordinates in China',
      );
    }
    const course = await h.get<ActivityDetail>(
      '/front/v1/activity/details',
      { actSn: `${p.projectSn}-course-01` },
      visitor,
    );
    assert.equal(course.body.info.place, null);
  }
});
