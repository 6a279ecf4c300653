import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import type { AddressInfo } from 'node:net';
import { agreementBody, normaliseServicePhone, storeSettingsBody } from '@contract/ops-store-settings';
import { PLAIN_TEXT_MESSAGES } from '@contract/rules/plain-text';
import { fileProblem, newKey, postObject } from '../src/forms/post-object';
import { zodMessage } from '../src/forms/zod-rule';

test('service phones: mobiles and 400/800 lines as digits, landlines with their area code', () => {
  assert.equal(normaliseServicePhone('138 0013 8000'), '13800138000');
  assert.equal(normaliseServicePhone('400-666-8888'), '4006668888');
  assert.equal(normaliseServicePhone('010-12345678'), '010-12345678');
  for (const bad of ['1234', '23800138000', '400666888', '010-123']) assert.equal(normaliseServicePhone(bad), null);
  assert.match(zodMessage(storeSettingsBody.shape.servicePhone, '1234') ?? '', /^客服电话格式不正确/);
  assert.equal(zodMessage(storeSettingsBody.shape.servicePhone, undefined), '请填写客服电话');
});

test('an agreement is plain text: markup and control characters are named', () => {
  assert.equal(zodMessage(agreementBody.shape.agreementContent, '第一条\n第二条 a < b'), null);
  assert.equal(zodMessage(agreementBody.shape.agreementContent, '第一条<p>'), PLAIN_TEXT_MESSAGES.markup);
  assert.equal(zodMessage(agreementBody.shape.agreementContent, '第一条\u0007'), PLAIN_TEXT_MESSAGES.control);
});

test('a file is checked against the policy before it is posted', () => {
  assert.equal(fileProblem({ type: 'image/png', size: 10 }, 100), null);
  assert.match(fileProblem({ type: 'application/pdf', size: 10 }, 100) ?? '', /只能上传图片/);
  assert.match(fileProblem({ type: 'image/png', size: 3 * 1024 * 1024 }, 2 * 1024 * 1024) ?? '', /不能超过2MB/);
  const a = newKey('c/demo/', 'image/jpeg');
  assert.match(a, /^c\/demo\/[a-z0-9]+-[0-9a-f]{16}\.jpg$/);
  assert.notEqual(a, newKey('c/demo/', 'image/jpeg'));
});

/** A local host that records the PostObject form as it arrives over HTTP. */
let received: { fields: string[]; body: string } | null = null;
let status = 200;
const host = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('latin1');
    received = { fields: [...body.matchAll(/; name="([^"]+)"/g)].map((m) => m[1]), body };
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(status === 200 ? { state: true } : { state: false, message: '上传签名错误' }));
  });
});
let base = '';
before(async () => {
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}/storage`;
});
after(() => host.close());

const credentials = () => ({
  dir: 'c/demo/',
  host: base,
  policy: 'cG9saWN5',
  signature: 'c2ln',
  accessId: 'storefront-local',
  expireSecondsAt: 0,
  maxBytes: 1024,
});

test('the file is posted as OSS PostObject, file last, and its address returned', async () => {
  status = 200;
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
  const url = await postObject(credentials(), file);
  assert.match(url, new RegExp(`^${base}/c/demo/[a-z0-9]+-[0-9a-f]{16}\\.png$`));
  assert.deepEqual(received?.fields, [
    'key',
    'policy',
    'OSSAccessKeyId',
    'Signature',
    'success_action_status',
    'Content-Type',
    'file',
  ]);
  assert.ok(received?.body.includes(url.slice(base.length + 1)), 'the key posted is the address returned');
});

test("a refusal of the host is thrown with the host's message", async () => {
  status = 403;
  const file = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
  await assert.rejects(postObject(credentials(), file), { message: '上传签名错误' });
});
