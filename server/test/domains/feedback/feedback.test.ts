/**
 * Feedback and its operator routes: type, text, images limited to the customer's own uploads, contact; the
 * operator reads them as JSON and CSV behind OPS_KEY, filters them by status and marks one handled (audited).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { UploadCredentials } from '@contract/upload';
import { DEFAULT_OPS_KEY } from '../../../src/config';
import { buildHarness, type Harness } from '../../helpers/app';
import { opsCall, operatorSession } from '../operators/ops-client';
import { BOUNDARY, PNG_1PX, multipart, postFields } from '../../helpers/upload';

let h: Harness;
let token = '';
const dataDir = mkdtempSync(join(tmpdir(), 'sf-feedback-'));
const ops = { authorization: `Bearer ${DEFAULT_OPS_KEY}` };

before(async () => {
  h = await buildHarness({ env: { DATA_DIR: dataDir } });
  ({ token } = await h.login('13922220001'));
});
after(async () => {
  await h.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('feedback', () => {
  async function uploadOne(as: string): Promise<string> {
    const cred = (await h.get<UploadCredentials>('/front/oss/sign', {}, as)).body.info;
    const key = `${cred.dir}fb${Math.random().toString(36).slice(2)}.png`;
    const res = await h.inject({
      method: 'POST',
      url: '/storage',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(postFields(cred, key), { data: PNG_1PX }),
    });
    assert.equal(res.status, 200, String(res.raw.body));
    return `http://localhost:3000/storage/${key}`;
  }

  test('type, text, own images and contact are stored; the operator reads them as JSON and CSV', async () => {
    const images = [await uploadOne(token), await uploadOne(token)];
    const res = await h.post(
      '/front/v1/feedback/submit',
      { feedbackType: '产品建议', content: '希望增加夜间课程', images, contact: '13800138000' },
      token,
    );
    assert.equal(res.status, 200, res.raw.body);
    const list = await h.inject({ method: 'GET', url: '/ops/feedback?projectSn=demo', headers: ops });
    const item = (list.body.info as { list: Array<{ content: string; images: string[] }> }).list.find(
      (f) => f.content === '希望增加夜间课程',
    );
    assert.ok(item);
    assert.deepEqual(
      item.images,
      images.map((u) => u.replace('http://localhost:3000', '')),
    );
    const csv = await h.app.inject({ method: 'GET', url: '/ops/feedback.csv?projectSn=demo', headers: ops });
    assert.equal(csv.statusCode, 200);
    assert.match(String(csv.headers['content-type']), /text\/csv/);
    assert.match(csv.body, /^\uFEFF反馈编号,提交时间,用户手机号,反馈类型,反馈内容,图片,联系方式,处理状态,处理备注\r\n/);
    assert.match(csv.body, /希望增加夜间课程/);
  });

  test('the operator routes need the bearer OPS_KEY', async () => {
    for (const url of ['/ops/feedback?projectSn=demo', '/ops/feedback.csv?projectSn=demo']) {
      assert.equal((await h.inject({ method: 'GET', url })).status, 401, url);
      assert.equal(
        (await h.inject({ method: 'GET', url, headers: { authorization: 'Bearer nope' } })).status,
        401,
        url,
      );
    }
  });

  test('an operator marks a feedback handled with a note: filtered by status, in the CSV and the audit log', async () => {
    const sent = await h.post('/front/v1/feedback/submit', { feedbackType: '其他', content: '待处理的反馈' }, token);
    const { feedbackSn } = sent.body.info as { feedbackSn: string };
    const support = await operatorSession(h, 'support', ['demo']);
    const pending = await opsCall(h, 'GET', '/ops/feedback?projectSn=demo&status=PENDING', support.token);
    type Item = { feedbackSn: string; status: string; handledBy: string | null; handleNote: string | null };
    const listed = (pending.body.info as { list: Item[] }).list;
    assert.ok(listed.some((f) => f.feedbackSn === feedbackSn));
    assert.ok(listed.every((f) => f.status === 'PENDING'));

    const tooLong = await opsCall(h, 'POST', `/ops/feedback/${feedbackSn}/handle`, support.token, {
      note: 'x'.repeat(201),
    });
    assert.deepEqual([tooLong.status, tooLong.body.message], [400, '处理备注不能超过200个字']);
    const bad = await opsCall(h, 'GET', '/ops/feedback?projectSn=demo&status=NOPE', support.token);
    assert.deepEqual([bad.status, bad.body.message], [400, '处理状态不正确']);
    const missing = await opsCall(h, 'POST', '/ops/feedback/FB-NO-SUCH/handle', support.token);
    assert.deepEqual([missing.status, missing.body.message], [404, '反馈不存在']);

    const done = await opsCall(h, 'POST', `/ops/feedback/${feedbackSn}/handle`, support.token, { note: '已电话回访' });
    assert.equal(done.status, 200, done.raw.body);
    const item = done.body.info as Item;
    assert.deepEqual([item.status, item.handledBy, item.handleNote], ['HANDLED', support.username, '已电话回访']);
    // Marked again without a note: the first note and operator stay.
    const again = await opsCall(h, 'POST', `/ops/feedback/${feedbackSn}/handle`, support.token);
    assert.equal((again.body.info as Item).handleNote, '已电话回访');

    const handled = await opsCall(h, 'GET', '/ops/feedback?projectSn=demo&status=HANDLED', support.token);
    assert.ok((handled.body.info as { list: Item[] }).list.some((f) => f.feedbackSn === feedbackSn));
    const csv = await h.app.inject({ method: 'GET', url: '/ops/feedback.csv?projectSn=demo', headers: ops });
    assert.match(csv.body, new RegExp(`${feedbackSn},\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},.*已处理,已电话回访`));

    const owner = await operatorSession(h, 'owner', []);
    const audit = await opsCall(h, 'GET', '/ops/v1/audit?action=feedback.handle', owner.token);
    type Entry = { target: string; before: Item; after: Item; actor: string };
    // Newest first: the first mark is the last of this feedback's two entries.
    const entry = (audit.body.info as { list: Entry[] }).list
      .filter((e) => e.target === `feedback:${feedbackSn}`)
      .at(-1);
    assert.ok(entry);
    assert.deepEqual([entry.before.status, entry.after.status], ['PENDING', 'HANDLED']);
    assert.equal(entry.actor, support.username);

    // Another project's operator, and a role without feedback, are refused.
    const elsewhere = await operatorSession(h, 'operator', ['course']);
    const refused = await opsCall(h, 'POST', `/ops/feedback/${feedbackSn}/handle`, elsewhere.token);
    assert.equal(refused.status, 403);
    const finance = await operatorSession(h, 'finance', ['demo']);
    assert.equal((await opsCall(h, 'POST', `/ops/feedback/${feedbackSn}/handle`, finance.token)).status, 403);
  });

  test("refuses images that are not the customer's own uploads, a missing type or text, more than 6 images", async () => {
    const other = await h.login('13922220003');
    const theirs = await uploadOne(other.token);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ feedbackType: '其他', content: '图', images: [theirs] }, '图片不存在或不是您上传的，请重新上传'],
      [
        { feedbackType: '其他', content: '图', images: ['https://evil.example.com/a.png'] },
        '图片不存在或不是您上传的，请重新上传',
      ],
      [{ content: '没有类型' }, '请选择反馈类型'],
      [{ feedbackType: '其他', content: '   ' }, '请填写反馈内容'],
      [{ feedbackType: '其他', content: 'x'.repeat(501) }, '反馈内容不能超过500个字'],
      [{ feedbackType: '其他', content: '多图', images: Array(7).fill(theirs) }, '最多上传6张图片'],
    ];
    for (const [body, message] of cases) {
      const res = await h.post('/front/v1/feedback/submit', body, token);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(res.body.message, message);
    }
  });
});
