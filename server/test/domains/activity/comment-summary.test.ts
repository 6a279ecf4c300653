/**
 * The detail's review summary, read live where reviews are not cached (PostgreSQL): the calls for one item that
 * arrive in the same turn share one read; a review written before a call is in that call's summary.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { activityComments } from '../../../src/domains/activity/schema';
import { commentSummary, sharedCommentSummary } from '../../../src/domains/activity/comments';
import type { Database } from '../../../src/runtime/database/plugin';
import { openSeededTestDatabase } from '../../helpers/test-database';

describe('shared comment summary', () => {
  let database: Database;
  before(async () => {
    database = await openSeededTestDatabase();
  });
  after(() => database.close());

  it('calls for the same item in one turn get one read; other items their own; each equals a read of its own', async () => {
    const db = database.db;
    const items = ['demo-course-01', 'demo-course-02', 'demo-course-01', 'demo-course-02', 'demo-course-01'];
    const got = await Promise.all(items.map((sn) => sharedCommentSummary(db, sn)));
    assert.equal(got[0], got[2]);
    assert.equal(got[0], got[4]);
    assert.equal(got[1], got[3]);
    assert.notEqual(got[0], got[1]);
    assert.deepEqual(got[0], await commentSummary(db, 'demo-course-01'));
    assert.deepEqual(got[1], await commentSummary(db, 'demo-course-02'));
    // A later turn reads again.
    assert.notEqual(await sharedCommentSummary(db, 'demo-course-01'), got[0]);
  });

  it('a review written before a call is in its summary', async () => {
    const db = database.db;
    const before = await sharedCommentSummary(db, 'demo-course-05');
    await db.insert(activityComments).values({
      commentId: 'shared-summary-test',
      actSn: 'demo-course-05',
      nickName: '测试',
      score: 5,
      content: '新评价',
    });
    const after = await sharedCommentSummary(db, 'demo-course-05');
    assert.equal(after.total, before.total + 1);
    assert.equal(after.latest[0].commentId, 'shared-summary-test');
  });
});
