/**
 * Feedback and its operator routes: type, text, images limited to the customer's own uploads, contact; the
 * operator reads them as JSON and CSV behind OPS_KEY.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { UploadCredentials } from '@contract/upload';
import { DEFAULT_OPS_KEY } from '../../../src/config';
import { buildHarness, type Harness } from '../../helpers/app';
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
    assert.match(csv.body, /^\uFEFF反馈编号,提交时间,用户手机号,反馈类型,反馈内容,图片,联系方式\r\n/);
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
