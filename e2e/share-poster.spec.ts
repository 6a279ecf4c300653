/**
 * A detail page's share poster in the built H5 against the real server: a promoter opens a course, taps 海报, and
 * gets the poster as an image to long-press: a PNG drawn on a canvas at twice its size, whose QR code (read back
 * from the pixels the phone shows and decoded by jsqr) opens that course in the project with the promoter's code.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import jsQR from 'jsqr';
import { DEMO_EARNER } from '../server/src/db/seed/demo-earner';
import { SCREENS, currentPage, loginInBrowser, openScreen, type Screen } from './harness';
import { phoneSuite } from './suite';

const POSTER: Screen = { route: 'subpackages/activity/sharePoster/sharePoster', marker: '.sf-poster' };
const COURSE = 'demo-course-02';

const suite = phoneSuite();

test('a promoter’s poster of a course: an image to long-press whose QR code opens the course with their code', async () => {
  const { page } = suite.phone;
  const center = await loginInBrowser(suite.phone, suite.server, DEMO_EARNER.phone);
  // The centre learns that this customer is a promoter; their links carry their code from then on.
  await center.locator('.sf-center__entry', { hasText: '我的收益' }).waitFor({ state: 'visible' });
  const detail = await openScreen(
    page,
    suite.server.baseUrl,
    `/pages/activity/courseDetail?actSn=${COURSE}`,
    SCREENS.courseDetail,
  );
  await detail.locator('#poster-entry').click();
  const poster = await currentPage(page, POSTER);
  const img = poster.locator('#share-poster-image img, img#share-poster-image').first();
  await img.waitFor({ state: 'visible' });
  await page.waitForFunction(
    (el) => !!el && (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
    await img.elementHandle(),
  );
  await poster.locator('.sf-poster__hint', { hasText: '长按图片，保存或发送给朋友' }).waitFor({ state: 'visible' });
  await suite.phone.shot('share-poster-1');

  const src = (await img.getAttribute('src')) ?? '';
  assert.match(src, /^data:image\/png;base64,/, 'the canvas’s own PNG, which a long press saves');
  // The QR code's corner of the pixels the phone shows (300×460 drawn at 2×; the code at 188,348, 96 px).
  const pixels = await img.evaluate((el) => {
    const image = el as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = 216;
    canvas.height = 216;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 216, 216);
    ctx.drawImage(image, 364, 684, 216, 216, 0, 0, 216, 216);
    const data = ctx.getImageData(0, 0, 216, 216);
    return { width: image.naturalWidth, height: image.naturalHeight, rgba: Array.from(data.data) };
  });
  assert.deepEqual([pixels.width, pixels.height], [600, 920]);
  const decoded = jsQR(Uint8ClampedArray.from(pixels.rgba), 216, 216);
  assert.ok(decoded, 'the QR code on the poster reads');
  const link = new URL(decoded.data);
  assert.equal(link.origin, suite.server.baseUrl);
  const [route, query] = link.hash.replace(/^#\//, '').split('?');
  assert.equal(route, 'pages/activity/courseDetail');
  const params = new URLSearchParams(query);
  assert.deepEqual(
    [params.get('actSn'), params.get('projectSn'), params.get('promoterCode')],
    [COURSE, 'demo', DEMO_EARNER.promoterCode],
  );
});
