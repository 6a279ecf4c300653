/**
 * The user area in the built H5 against the real server, typed key by key as a person does:
 * a collect form filled wrong (each field's §5 message shown), left and reopened with nothing lost, then right,
 * reaching collectFormSuccess; feedback with two images picked through the file input, uploaded to the server's
 * own storage host and served back byte for byte; the drainage code's QR, which must be the server's encoding of
 * the project's follow link, decoded from the page's own pixels; an activity's place opened on /open-location with
 * the position allowed (faked through the browser context) and refused; 分享 copying the page's link with 复制成功;
 * 定位 on the address form choosing a place on /choose-location.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import jsQR from 'jsqr';
import { DEFAULT_OPS_KEY } from '../server/src/config';
import { demoFollowLink, demoFormSn, demoTrafficLinkId } from '../server/src/db/seed/forms';
import { SCREENS, currentPage, expectToast, field, loginInBrowser, typeKeys, until, type Screen } from './harness';
import { phoneSuite } from './suite';

const FORM: Screen = { route: 'pages/collectForms/collectForms', marker: '#form-submit' };
const FORM_DONE: Screen = { route: 'subpackages/result/success/collectFormSuccess', marker: '#collect-success-title' };
const FEEDBACK: Screen = { route: 'subpackages/user/feedback/feedback', marker: '#feedback-submit' };
const DRAINAGE: Screen = { route: 'subpackages/user/drainage/drainageCode', marker: '.sf-drainage__card' };
const DETAIL: Screen = { route: 'pages/activity/activityDetail', marker: '#act-place' };
const OPEN_LOCATION: Screen = {
  route: 'subpackages/system/openLocation/openLocation',
  marker: '#open-location-locate',
};
const CHOOSE_LOCATION: Screen = {
  route: 'subpackages/system/chooseLocation/chooseLocation',
  marker: '#choose-location-confirm',
};
/** The demo night run's meeting point (server/src/db/seed/catalogue-details.ts, activity-02). */
const RUN_PLACE = '海心沙亚运公园南门（集合点）';

/** A real 1x1 PNG and a 2x1 one: two different images. */
const PNGS = [
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR42mP8z8DAwMDAAAAGAQEAwgYx3wAAAABJRU5ErkJggg==',
].map((b) => Buffer.from(b, 'base64'));

const suite = phoneSuite();

async function ops<T>(path: string): Promise<T> {
  const res = await fetch(`${suite.server.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${DEFAULT_OPS_KEY}` },
  });
  const json = (await res.json()) as { state: boolean; message: string; info: T };
  assert.ok(json.state, `${path}: ${json.message}`);
  return json.info;
}

test("a collect form filled wrong shows each field's message, keeps what was typed, and commits once right", async () => {
  const { page } = suite.phone;
  const formPath = `/pages/collectForms/collectForms?formSn=${demoFormSn('demo')}`;
  let form = await loginInBrowser(suite.phone, suite.server, '13700137001', FORM, formPath);
  await form.locator('.sf-collect__title', { hasText: '信息登记表' }).waitFor();

  await typeKeys(field(form, 'form-field-fName1'), '张三');
  await typeKeys(field(form, 'form-field-fPhon1'), '12800138000');
  await typeKeys(field(form, 'form-field-fIdcd1'), '110105194912310021');
  await typeKeys(field(form, 'form-field-fNumb1'), '28');
  await typeKeys(field(form, 'form-field-fMail1'), 'zhang@');
  await typeKeys(field(form, 'form-field-fAddr1'), '北京市朝阳区建国路1号');
  await form.locator('#form-submit').click();
  await expectToast(page, '请输入正确的手机号码');
  assert.equal(await form.locator('#form-field-fPhon1-error').textContent(), '请输入正确的手机号码');
  assert.equal(await form.locator('#form-field-fIdcd1-error').textContent(), '请输入正确的身份证号码');
  assert.equal(await form.locator('#form-field-fMail1-error').textContent(), '请输入正确的邮箱格式');
  assert.equal(await form.locator('#form-field-fName1-error').count(), 0);
  await suite.phone.shot('forms-1-wrong');

  // Leave for the home page and come back by the same address: nothing typed is lost.
  await page.goto(`${suite.server.baseUrl}/#/pages/index/index`);
  await currentPage(page, { route: 'pages/index/index', marker: '.sf-home' });
  await page.goto(`${suite.server.baseUrl}/#${formPath}`);
  // The app may reopen the page the address names once more (platform/hash-watch): wait for the one that stays.
  await until(async () => {
    // A page instance replaced while it was being looked at is simply looked for again.
    const shown = await currentPage(page, FORM, { timeout: 2000 }).catch(() => null);
    if (!shown) return false;
    form = shown;
    return (
      (await field(form, 'form-field-fName1')
        .inputValue({ timeout: 1000 })
        .catch(() => '')) === '张三'
    );
  }, 'the reopened form shows what was typed');
  assert.equal(await field(form, 'form-field-fAddr1').inputValue(), '北京市朝阳区建国路1号');

  await typeKeys(field(form, 'form-field-fPhon1'), '13700137001');
  await typeKeys(field(form, 'form-field-fIdcd1'), '11010519491231002X');
  await typeKeys(field(form, 'form-field-fMail1'), 'zhang@example.com');
  await typeKeys(field(form, 'form-field-fText1'), '想咨询周末班');
  await form.locator('#form-submit').click();
  const done = await currentPage(page, FORM_DONE);
  assert.match((await done.textContent()) ?? '', /提交成功，工作人员将在1个工作日内与您联系/);
  await suite.phone.shot('forms-2-success');

  const { list } = await ops<{ list: Array<{ values: Record<string, string>; phone: string | null }> }>(
    `/ops/forms/${demoFormSn('demo')}/submissions`,
  );
  const mine = list.find((s) => s.phone === '13700137001');
  assert.ok(mine, 'the submission reached the server');
  assert.equal(mine.values.fName1, '张三');
  assert.equal(mine.values.fIdcd1, '11010519491231002X');
  assert.equal(mine.values.fText1, '想咨询周末班');
});

test('feedback with two images: uploaded to the storage host, sent, and served back', async () => {
  const { page } = suite.phone;
  const dir = mkdtempSync(join(tmpdir(), 'sf-e2e-img-'));
  const files = PNGS.map((data, i) => {
    const path = join(dir, `photo-${i + 1}.png`);
    writeFileSync(path, data);
    return path;
  });
  const fb = await loginInBrowser(
    suite.phone,
    suite.server,
    '13700137002',
    FEEDBACK,
    '/subpackages/user/feedback/feedback',
  );
  await fb.locator('.sf-feedback__type', { hasText: '产品建议' }).click();
  await typeKeys(field(fb, 'feedback-content'), '希望增加周末班');
  // Taro's chooseImage puts a file input in the page and clicks it; a person picks two photos in the chooser.
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    fb.locator('.at-image-picker__choose-btn').click(),
  ]);
  assert.ok(chooser.isMultiple(), 'up to 6 photos at once');
  await chooser.setFiles(files);
  await expectToast(page, '上传成功');
  await fb.locator('.at-image-picker__preview-img').nth(1).waitFor();
  await typeKeys(field(fb, 'feedback-contact'), '13700137002');
  await suite.phone.shot('forms-3-feedback');
  await fb.locator('#feedback-submit').click();
  await expectToast(page, '提交成功，感谢您的反馈');

  const { list } = await ops<{ list: Array<{ content: string; images: string[]; feedbackType: string }> }>(
    '/ops/feedback?projectSn=demo',
  );
  const mine = list.find((f) => f.content === '希望增加周末班');
  assert.ok(mine, 'the feedback reached the server');
  assert.equal(mine.feedbackType, '产品建议');
  assert.equal(mine.images.length, 2);
  const served = await Promise.all(mine.images.map(async (url) => fetch(new URL(url, suite.server.baseUrl))));
  for (const res of served) {
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.match(res.headers.get('cache-control') ?? '', /immutable/);
  }
  const bytes = await Promise.all(served.map(async (r) => Buffer.from(await r.arrayBuffer())));
  assert.deepEqual(bytes.map((b) => b.toString('base64')).sort(), PNGS.map((b) => b.toString('base64')).sort());
});

test('a traffic link enters its project and opens its target, and the login form shows the LOGIN notice', async () => {
  const { page } = suite.phone;
  await page.goto(`${suite.server.baseUrl}/#/pages/entrance/entrance?login=phone`);
  const login = await currentPage(page, { route: 'pages/entrance/entrance', marker: '#login-tip' });
  assert.equal(await login.locator('#login-tip').textContent(), '登录即表示您已阅读并同意《用户协议》和《隐私政策》');
  await loginInBrowser(suite.phone, suite.server, '13700137004');
  await page.goto(`${suite.server.baseUrl}/#/pages/entrance/entrance?trafficId=${demoTrafficLinkId('demo')}`);
  const form = await currentPage(page, FORM);
  await form.locator('.sf-collect__title', { hasText: '信息登记表' }).waitFor();
});

test("the drainage code is a QR of the project's follow link, decoded from what the page shows", async () => {
  const drainage = await loginInBrowser(
    suite.phone,
    suite.server,
    '13700137003',
    DRAINAGE,
    '/subpackages/user/drainage/drainageCode',
  );
  await drainage.locator('.sf-drainage__title', { hasText: '关注示范商城' }).waitFor();
  const img = drainage.locator('#drainage-qr img, img#drainage-qr').first();
  await img.waitFor();
  await until(
    async () =>
      await img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0),
    'the QR image has loaded',
  );
  // The pixels the phone shows, read back through a canvas, decoded by jsqr.
  const pixels = await img.evaluate((el) => {
    const image = el as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(image, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, rgba: Array.from(data.data) };
  });
  const decoded = jsQR(Uint8ClampedArray.from(pixels.rgba), pixels.width, pixels.height);
  assert.equal(decoded?.data, demoFollowLink('demo'));
  await drainage.locator('.sf-qr__hint', { hasText: '长按二维码识别或保存图片' }).waitFor();
  await suite.phone.shot('forms-4-drainage');
});

test("a visitor opens an activity's place: the distance once the position is allowed, the reason and 重试 when refused", async () => {
  const { page, context } = suite.phone;
  const detailPath = '/pages/activity/activityDetail?actSn=demo-activity-02';
  await page.goto(`${suite.server.baseUrl}/#${detailPath}`);
  let detail = await currentPage(page, DETAIL);
  assert.equal((await detail.locator('#act-place').textContent())?.trim(), `活动地点${RUN_PLACE} ›`);
  await detail.locator('#act-place').click();
  const place = await currentPage(page, OPEN_LOCATION);
  await place.locator('#open-location-place', { hasText: '广州市天河区临江大道3号' }).waitFor();
  assert.equal(await place.locator('#open-location-maps .sf-loc__row').count(), 2);

  // No permission given: the browser refuses, and the page says why, with 重试 (a browser has no 去设置).
  await place.locator('#open-location-locate').click();
  await place.locator('#location-error', { hasText: '你已拒绝获取位置信息' }).waitFor();
  assert.equal(await place.locator('#location-settings').count(), 0);
  await suite.phone.shot('forms-5-location-refused');

  // The customer allows it (in the browser's settings) and taps 重试: about 1.4 km from the meeting point.
  await context.grantPermissions(['geolocation'], { origin: suite.server.baseUrl });
  await context.setGeolocation({ latitude: 23.1312, longitude: 113.3189 });
  await place.locator('#location-retry').click();
  await place.locator('#open-location-distance-text').waitFor();
  assert.match((await place.locator('#open-location-distance-text').textContent()) ?? '', /^距你约 1\.\d 公里$/);
  await suite.phone.shot('forms-6-location-distance');

  // Back on the detail, 分享 copies the item's public address: the platform's copy toast, then 复制成功 (402 ms
  // later, §9).
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.baseUrl });
  await page.goBack();
  detail = await currentPage(page, DETAIL);
  await detail.locator('#share-action').click();
  await expectToast(page, '复制成功');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, `${suite.server.baseUrl}/item/demo-activity-02?projectSn=demo`);
});

test('定位 on the address form: with the position allowed and the place named, it fills the detail line', async () => {
  const { page, context } = suite.phone;
  await context.grantPermissions(['geolocation'], { origin: suite.server.baseUrl });
  await context.setGeolocation({ latitude: 23.1312, longitude: 113.3189 });
  const form = await loginInBrowser(
    suite.phone,
    suite.server,
    '13700137005',
    SCREENS.addEditAddress,
    '/subpackages/user/address/addEditAddress',
  );
  await typeKeys(field(form, 'address-name'), '李四');
  await form.locator('#address-locate').click();
  const choose = await currentPage(page, CHOOSE_LOCATION);
  // Nothing chosen yet: 确定 asks for the position first.
  await choose.locator('#choose-location-confirm').click();
  await expectToast(page, '请先获取位置');
  await choose.locator('#choose-location-here').click();
  await choose.locator('#choose-location-coords', { hasText: '已定位' }).waitFor();
  await typeKeys(field(choose, 'choose-location-name'), '公司前台');
  await typeKeys(field(choose, 'choose-location-address'), '体育西路103号');
  await suite.phone.shot('forms-7-choose-location');
  await choose.locator('#choose-location-confirm').click();
  const back = await currentPage(page, SCREENS.addEditAddress);
  await until(
    async () => (await field(back, 'address-detail').inputValue()) === '体育西路103号 公司前台',
    'the detail line holds the chosen place',
  );
  // What was typed before leaving for the chooser is still there.
  assert.equal(await field(back, 'address-name').inputValue(), '李四');
});
