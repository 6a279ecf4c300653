import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildHarness, type Harness } from '../helpers/app';

describe('error handling', () => {
  let h: Harness;
  let token: string;
  before(async () => {
    h = await buildHarness();
    token = await h.enter('demo');
  });
  after(() => h.close());

  it('answers malformed JSON with 400 请求格式错误', async () => {
    const res = await h.inject({
      method: 'POST',
      url: '/front/v1/entrance',
      headers: { 'content-type': 'application/json' },
      payload: '{"projectSn": "demo",',
    });
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { state: false, message: '请求格式错误', info: null, code: 4000 });
  });

  it('answers an empty JSON body, a JSON array and an unknown content type without a 500', async () => {
    const empty = await h.inject({
      method: 'POST',
      url: '/front/v1/entrance',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.message, '请求格式错误');
    const array = await h.inject({ method: 'POST', url: '/front/v1/entrance', payload: [1, 2] as never });
    assert.equal(array.status, 400);
    assert.equal(array.body.message, '请求格式错误');
    const text = await h.inject({
      method: 'POST',
      url: '/front/v1/entrance',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    assert.deepEqual([text.status, text.body.message], [400, '请求格式错误']);
    const xml = await h.inject({
      method: 'POST',
      url: '/front/v1/entrance',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    assert.deepEqual([xml.status, xml.body.message], [415, '请求格式错误']);
  });

  it('answers an unknown route with 404 接口不存在', async () => {
    for (const [method, url] of [
      ['POST', '/front/v1/nothing'],
      ['GET', '/front/v1/nothing'],
      ['GET', '/api/nothing'],
    ] as const) {
      const res = await h.inject({ method, url });
      assert.equal(res.status, 404, `${method} ${url}`);
      assert.deepEqual(res.body, { state: false, message: '接口不存在', info: null, code: 4040 });
    }
  });

  it('names the field in Chinese for schema errors', async () => {
    const missing = await h.post('/front/v1/entrance', {});
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.body, { state: false, message: '缺少项目编号', info: null, code: 4000 });

    const badPage = await h.post(
      '/front/v1/customerPage/module/column/list',
      { columnSn: 'demo-col-act', page: 0 },
      token,
    );
    assert.equal(badPage.body.message, '页码必须大于0');

    const notNumber = await h.get('/front/v1/search', { keyword: '课', perSize: 'many' }, token);
    assert.equal(notNumber.status, 400);
    assert.equal(notNumber.body.message, '每页条数(perSize)格式不正确');

    const wrongType = await h.post('/front/v1/customerPage/moduleInfo', { pageSn: { $ne: 1 } }, token);
    assert.equal(wrongType.status, 400);
    assert.equal(wrongType.body.message, '缺少页面编号');

    const badEnum = await h.post('/front/v1/entrance/tips', { enumKey: 'LOGIN', projectEnum: 'NOPE' });
    assert.equal(badEnum.body.message, '项目类型(projectEnum)取值不正确');
  });

  it('serves a build hint at / when the H5 build is missing, the docs and the images', async () => {
    const home = await h.inject({ method: 'GET', url: '/' });
    assert.equal(home.status, 200);
    assert.match(home.raw.body, /npm run build:h5/);
    const docs = await h.inject({ method: 'GET', url: '/docs' });
    assert.ok(docs.status === 200 || docs.status === 302);
    const spec = await h.inject({ method: 'GET', url: '/docs/json' });
    assert.ok(Object.keys(spec.raw.json().paths).includes('/front/v1/entrance'));
    const image = await h.inject({ method: 'GET', url: '/static/images/course-01.svg' });
    assert.equal(image.status, 200);
    assert.match(String(image.raw.headers['content-type']), /svg/);
    const missing = await h.inject({ method: 'GET', url: '/static/images/none.svg' });
    assert.equal(missing.status, 404);
  });
});
