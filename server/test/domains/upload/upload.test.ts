/**
 * Uploads (§3 upload credentials, §7 /front/oss/sign, image upload): the server as a PostObject host. A signed
 * policy for the customer's own directory stores a real image and serves it back with cache headers; expired,
 * forged, oversized, non-image, mistyped and path-traversing uploads are all refused with a clear message.
 * /front/image/to/base64 answers this server's own images only.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { UploadCredentials } from '@contract/upload';
import { LocalStorage, createStorageProvider, isSafeKey } from '../../../src/domains/upload/service';
import { decodePolicy, encodePolicy, imagePolicy, signPolicy } from '../../../src/domains/upload/policy';
import { buildHarness, type Harness } from '../../helpers/app';
import { BOUNDARY, JPEG_HEAD, PNG_1PX, multipart, postFields, type FormFile } from '../../helpers/upload';
import { loadConfig } from '../../../src/config';

let h: Harness;
let token = '';
let cred: UploadCredentials;
const dataDir = mkdtempSync(join(tmpdir(), 'sf-upload-'));

before(async () => {
  h = await buildHarness({ env: { DATA_DIR: dataDir, UPLOAD_MAX_MB: '1' } });
  ({ token } = await h.login('13911113333'));
  const res = await h.get<UploadCredentials>('/front/oss/sign', {}, token);
  assert.equal(res.status, 200, res.raw.body);
  cred = res.body.info;
});
after(async () => {
  await h.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let seq = 0;
const nextKey = (ext = 'png') => `${cred.dir}t${++seq}.${ext}`;

async function upload(fields: Record<string, string>, file: FormFile | null) {
  return h.inject({
    method: 'POST',
    url: '/storage',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(fields, file),
  });
}

describe('sign', () => {
  test('hands a logged-in customer a policy for their own directory', async () => {
    assert.match(cred.dir, /^u\/demo\/[0-9a-f]{16}\/$/);
    assert.equal(cred.host, '/storage');
    assert.equal(cred.accessId, 'storefront-local');
    assert.equal(cred.signature, signPolicy(cred.policy, h.config.storage.secret));
    const doc = decodePolicy(cred.policy)!;
    assert.deepEqual(doc.conditions, [
      ['content-length-range', 1, 1024 * 1024],
      ['starts-with', '$key', cred.dir],
      ['starts-with', '$Content-Type', 'image/'],
    ]);
    assert.equal(cred.expireSecondsAt, Math.floor(Date.parse(doc.expiration) / 1000));
    assert.ok(cred.expireSecondsAt * 1000 > Date.now());
  });

  test('needs a session', async () => {
    const res = await h.get('/front/oss/sign', {});
    assert.equal(res.status, 401);
  });

  test('another customer gets another directory', async () => {
    const other = await h.login('13911114444');
    const res = await h.get<UploadCredentials>('/front/oss/sign', {}, other.token);
    assert.notEqual(res.body.info.dir, cred.dir);
  });

  test('OSS configured: the same protocol, signed with the OSS secret for the bucket host', () => {
    const config = loadConfig({
      OSS_HOST: 'https://b.oss-cn-hangzhou.aliyuncs.com',
      OSS_ACCESS_ID: 'LTAIid',
      OSS_ACCESS_SECRET: 'oss-secret',
    });
    const oss = createStorageProvider(config);
    const c = oss.sign('u/demo/abc/');
    assert.equal(oss.kind, 'oss');
    assert.equal(c.host, 'https://b.oss-cn-hangzhou.aliyuncs.com');
    assert.equal(c.accessId, 'LTAIid');
    assert.equal(c.signature, signPolicy(c.policy, 'oss-secret'));
  });
});

describe('the server as storage host', () => {
  test('stores a PNG under the key and serves it back with long cache headers', async () => {
    const key = nextKey();
    const res = await upload(postFields(cred, key), { data: PNG_1PX });
    assert.equal(res.status, 200, res.raw.body);
    assert.deepEqual(res.body.info, { key, url: `/storage/${key}` });
    const got = await h.app.inject({ method: 'GET', url: `/storage/${key}` });
    assert.equal(got.statusCode, 200);
    assert.equal(got.headers['content-type'], 'image/png');
    assert.match(String(got.headers['cache-control']), /max-age=31536000, immutable/);
    assert.equal(got.headers['x-content-type-options'], 'nosniff');
    assert.deepEqual(got.rawPayload, PNG_1PX);
  });

  test('a JPEG too; without success_action_status 200 the answer is 204 as on OSS', async () => {
    const key = nextKey('jpg');
    const fields = postFields(cred, key, 'image/jpeg');
    delete (fields as Record<string, string>).success_action_status;
    const res = await upload(fields, { data: JPEG_HEAD, contentType: 'image/jpeg' });
    assert.equal(res.status, 204);
    const got = await h.app.inject({ method: 'GET', url: `/storage/${key}` });
    assert.equal(got.headers['content-type'], 'image/jpeg');
  });

  test('an expired policy is refused', async () => {
    const policy = encodePolicy(imagePolicy(cred.dir, 1024 * 1024, new Date(Date.now() - 1000)));
    const expired = { ...cred, policy, signature: signPolicy(policy, h.config.storage.secret) };
    const res = await upload(postFields(expired, nextKey()), { data: PNG_1PX });
    assert.equal(res.status, 403);
    assert.equal(res.body.message, '上传凭证已过期，请重新获取');
  });

  test('a wrong signature is refused, and so is a policy widened by the client', async () => {
    const forged = await upload(
      { ...postFields(cred, nextKey()), Signature: signPolicy(cred.policy, 'not-the-secret') },
      { data: PNG_1PX },
    );
    assert.equal(forged.status, 403);
    assert.equal(forged.body.message, '上传签名错误');
    const wider = encodePolicy(imagePolicy('u/', 50 * 1024 * 1024, new Date(Date.now() + 60_000)));
    const widened = await upload({ ...postFields(cred, 'u/someone-else/x.png'), policy: wider }, { data: PNG_1PX });
    assert.equal(widened.status, 403);
    assert.equal(widened.body.message, '上传签名错误');
    const wrongId = await upload({ ...postFields(cred, nextKey()), OSSAccessKeyId: 'LTAIother' }, { data: PNG_1PX });
    assert.equal(wrongId.status, 403);
    assert.equal(wrongId.body.message, '上传凭证无效');
  });

  test('a file over the size limit is refused', async () => {
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(1024 * 1024)]);
    const res = await upload(postFields(cred, nextKey()), { data: big });
    assert.equal(res.status, 413);
    assert.equal(res.body.message, '文件过大，单张图片不能超过1MB');
    const huge = await upload(postFields(cred, nextKey()), { data: Buffer.alloc(3 * 1024 * 1024) });
    assert.equal(huge.status, 413);
  });

  test('a file that is not an image is refused whatever it claims', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await upload(postFields(cred, nextKey()), { data: html, contentType: 'image/png' });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, '只能上传图片（PNG、JPEG、GIF、WEBP）');
    const svg = await upload(postFields(cred, nextKey('svg'), 'image/svg+xml'), {
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      contentType: 'image/svg+xml',
    });
    assert.equal(svg.status, 400);
    const mismatch = await upload(postFields(cred, nextKey(), 'image/gif'), { data: PNG_1PX });
    assert.equal(mismatch.status, 400);
    assert.equal(mismatch.body.message, '图片内容与声明的类型不一致');
    const notDeclared = await upload(postFields(cred, nextKey(), 'text/html'), { data: PNG_1PX });
    assert.equal(notDeclared.status, 403);
    assert.equal(notDeclared.body.message, '文件类型不符合上传凭证，只能上传图片');
  });

  test('path traversal in the key is refused, and so is a key outside the directory', async () => {
    for (const key of [
      `${cred.dir}../../../etc/passwd`,
      `${cred.dir}a/../../b.png`,
      `${cred.dir}./a.png`,
      `${cred.dir}a\\..\\b.png`,
      `${cred.dir}%2e%2e/a.png`,
    ]) {
      const res = await upload(postFields(cred, key), { data: PNG_1PX });
      assert.equal(res.status, 400, key);
      assert.equal(res.body.message, '文件路径不合法', key);
    }
    const outside = await upload(postFields(cred, 'u/demo/0000000000000000/a.png'), { data: PNG_1PX });
    assert.equal(outside.status, 403);
    assert.equal(outside.body.message, '文件路径不在授权目录内');
    const absolute = await upload(postFields(cred, '/etc/passwd'), { data: PNG_1PX });
    assert.equal(absolute.status, 403);
    const read = await h.app.inject({ method: 'GET', url: '/storage/..%2f..%2fpackage.json' });
    assert.equal(read.statusCode, 404);
  });

  test('missing fields and malformed forms are named, never a 500', async () => {
    const { Signature: _s, ...noSignature } = postFields(cred, nextKey());
    const res = await upload(noSignature, { data: PNG_1PX });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, '上传参数缺失：Signature');
    const noFile = await upload(postFields(cred, nextKey()), null);
    assert.equal(noFile.body.message, '上传参数缺失：file');
    const garbage = await h.inject({
      method: 'POST',
      url: '/storage',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: 'nonsense',
    });
    assert.equal(garbage.status, 400);
    assert.equal(garbage.body.message, '请以 multipart/form-data 上传文件');
    const json = await h.inject({ method: 'POST', url: '/storage', payload: { key: 'a' } });
    assert.equal(json.status, 400);
  });

  test('a key is never overwritten', async () => {
    const key = nextKey();
    assert.equal((await upload(postFields(cred, key), { data: PNG_1PX })).status, 200);
    const sameType = await upload(postFields(cred, key), { data: PNG_1PX });
    assert.equal(sameType.status, 409);
    assert.equal(sameType.body.message, '文件已存在，请更换文件名');
  });

  test("stored files are found by URL only under the customer's own directory", async () => {
    const key = nextKey();
    await upload(postFields(cred, key), { data: PNG_1PX });
    const storage = h.app.storage as LocalStorage;
    assert.equal(await storage.keyOfUrl(`/storage/${key}`, cred.dir), key);
    assert.equal(await storage.keyOfUrl(`http://localhost:3000/storage/${key}`, cred.dir), key);
    assert.equal(await storage.keyOfUrl(`/storage/${key}`, 'u/demo/ffffffffffffffff/'), null);
    assert.equal(await storage.keyOfUrl(`/storage/${cred.dir}missing.png`, cred.dir), null);
    assert.equal(await storage.keyOfUrl('https://evil.example.com/x.png', cred.dir), null);
  });

  test('safe keys', () => {
    for (const ok of ['u/demo/abc/1.png', 'a', 'a-b_c.d/e']) assert.ok(isSafeKey(ok), ok);
    for (const bad of ['', '/a', 'a//b', 'a/../b', '../a', 'a/.', 'a\\b', 'a b', 'a/%2e', '.hidden/a'])
      assert.ok(!isSafeKey(bad), bad);
  });
});

describe('image to base64', () => {
  test("this server's static images only", async () => {
    const res = await h.get<{ base64: string }>(
      '/front/image/to/base64',
      { url: '/static/images/banner-1.svg' },
      token,
    );
    assert.equal(res.status, 200, res.raw.body);
    assert.match(res.body.info.base64, /^data:image\/svg\+xml;base64,/);
    const outside = await h.get('/front/image/to/base64', { url: 'http://169.254.169.254/latest/meta-data' }, token);
    assert.equal(outside.status, 400);
    assert.equal(outside.body.message, '只能转换本站的图片');
    const traversal = await h.get('/front/image/to/base64', { url: '/static/images/../../package.json' }, token);
    assert.equal(traversal.status, 400);
    const missing = await h.get('/front/image/to/base64', { url: '/static/images/none.png' }, token);
    assert.equal(missing.status, 404);
  });
});
