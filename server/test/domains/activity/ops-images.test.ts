/**
 * Catalogue pictures uploaded from the console: the owner gets project A's credentials, posts a PNG to the storage
 * host as OSS PostObject, and an item of A may use it; an item of project B, a customer's upload and a file never
 * stored are refused with a Chinese message; /static pictures and https links typed by hand still pass. A page
 * module's pictures follow the same rule.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { UploadCredentials } from '@contract/upload';
import { IMAGE_MESSAGES } from '../../../src/domains/activity/ops-images';
import { buildHarness, type Harness } from '../../helpers/app';
import { BOUNDARY, multipart, PNG_1PX, postFields } from '../../helpers/upload';
import { opsCall, operatorSession } from '../operators/ops-client';

let h: Harness;
const A = 'course';
const B = 'demo';
let owner: string;

before(async () => {
  h = await buildHarness();
  owner = (await operatorSession(h, 'owner', [])).token;
});
after(async () => {
  await h.close();
});

async function uploadFor(projectSn: string): Promise<string> {
  const res = await opsCall(h, 'GET', `/ops/v1/catalogue/upload-credentials?projectSn=${projectSn}`, owner);
  assert.equal(res.status, 200, res.raw.body);
  const cred = res.body.info as UploadCredentials;
  assert.equal(cred.dir, `c/${projectSn}/`);
  const key = `${cred.dir}cover-${Date.now().toString(36)}.png`;
  const posted = await h.inject({
    method: 'POST',
    url: '/storage',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(postFields(cred, key), { data: PNG_1PX }),
  });
  assert.equal(posted.status, 200, posted.raw.body);
  return (posted.body.info as { url: string }).url;
}

const goods = (projectSn: string, cover: string) => ({
  projectSn,
  actName: '上传封面测试',
  actType: 'GOODS',
  cover,
  price: 100,
  orderPayType: 1,
  deliveryType: 4,
});

describe('catalogue pictures', () => {
  test("an upload of the item's project is accepted, on create and on save", async () => {
    const url = await uploadFor(A);
    assert.match(url, /^\/storage\/c\/course\/cover-/);
    const made = await opsCall(h, 'POST', '/ops/v1/catalogue/items', owner, goods(A, url));
    assert.equal(made.status, 200, made.raw.body);
    const { actSn, cover } = made.body.info as { actSn: string; cover: string };
    assert.equal(cover, url);
    const second = await uploadFor(A);
    const { projectSn: _p, ...fields } = goods(A, second);
    const saved = await opsCall(h, 'PATCH', `/ops/v1/catalogue/items/${actSn}`, owner, { ...fields, images: [url] });
    assert.equal(saved.status, 200, saved.raw.body);
  });

  test("another project's upload, a customer's and a file never stored are refused", async () => {
    const ofB = await uploadFor(B);
    for (const cover of [ofB, '/storage/c/course/never-stored.png', '/storage/u/course/0123456789abcdef/a.png']) {
      const res = await opsCall(h, 'POST', '/ops/v1/catalogue/items', owner, goods(A, cover));
      assert.equal(res.status, 400, `${cover}: ${res.raw.body}`);
      assert.equal(res.body.message, IMAGE_MESSAGES.notProjectUpload);
    }
  });

  test('pictures that are not uploads pass as the contract allows', async () => {
    for (const cover of ['/static/images/activity-01.svg', 'https://example.com/cover.png']) {
      const res = await opsCall(h, 'POST', '/ops/v1/catalogue/items', owner, goods(A, cover));
      assert.equal(res.status, 200, `${cover}: ${res.raw.body}`);
    }
  });
});

describe('page module pictures', () => {
  test("a banner takes its own project's upload and refuses another's", async () => {
    const pages = await opsCall(h, 'GET', `/ops/pages?projectSn=${B}`, owner);
    assert.equal(pages.status, 200, pages.raw.body);
    const [page] = (pages.body.info as { list: { pageSn: string }[] }).list;
    const banner = (image: string) => ({
      moduleType: 'BANNER',
      items: [{ image, title: '上传测试', jumpContent: { firstEnum: 'IMAGE_TEXT_WINDOWS' } }],
    });
    const url = `/ops/pages/${page.pageSn}/modules`;
    const refused = await opsCall(h, 'POST', url, owner, banner(await uploadFor(A)));
    assert.equal(refused.status, 400, refused.raw.body);
    assert.equal(refused.body.message, IMAGE_MESSAGES.notProjectUpload);
    const made = await opsCall(h, 'POST', url, owner, banner(await uploadFor(B)));
    assert.equal(made.status, 200, made.raw.body);
    const { moduleSn } = made.body.info as { moduleSn: string };
    const edited = await opsCall(h, 'PATCH', `/ops/modules/${moduleSn}`, owner, banner(await uploadFor(A)));
    assert.equal(edited.status, 400, edited.raw.body);
  });
});
