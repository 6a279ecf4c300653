/**
 * Customer service settings, QR images and traffic links. QR encoding belongs to the
 * qrcode library; here a recording encoder stands in so the route's own rules (input, session, what is encoded,
 * the answer when no encoder is installed) are tested whatever is installed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ServiceInfo, TrafficLinkInfo } from '@contract/user-extras';
import { demoFollowLink, demoFormSn, demoTrafficLinkId } from '../../../src/db/seed/forms';
import { phoneText } from '../../../src/domains/user/service-settings';
import { buildHarness, type Harness } from '../../helpers/app';

const encoded: string[] = [];
let h: Harness;
let token = '';

before(async () => {
  h = await buildHarness({
    app: {
      qrEncoder: {
        toDataUrl: async (text) => (
          encoded.push(text),
          `data:image/png;base64,${Buffer.from(text).toString('base64')}`
        ),
      },
    },
  });
  token = await h.enter('course');
});
after(async () => h.close());

describe('customer service', () => {
  test("the project's phone, hours, WeChat Work link and follow link", async () => {
    const res = await h.get<ServiceInfo>('/front/v1/service/info', {}, token);
    assert.equal(res.status, 200, res.raw.body);
    assert.deepEqual(res.body.info, {
      phone: '4008008000',
      phoneText: '400-800-8000',
      hours: '周一至周日 9:00-21:00',
      wechatLink: 'https://work.weixin.qq.com/ca/cawcde-course-service',
      wechatName: '惠民课堂客服',
      followLink: demoFollowLink('course'),
      followTitle: '关注惠民课堂',
      followText: '扫码添加企业微信，第一时间获取课程与活动通知',
    });
    assert.equal((await h.get('/front/v1/service/info', {})).status, 401);
  });

  test('phone text', () => {
    assert.equal(phoneText('4008008000'), '400-800-8000');
    assert.equal(phoneText('13800138000'), '138-0013-8000');
    assert.equal(phoneText('010-12345678'), '010-12345678');
  });
});

describe('QR images', () => {
  test('encode exactly the text asked for, as a PNG data URL', async () => {
    const res = await h.get<{ image: string }>('/api/text2QrCode', { text: demoFollowLink('course') }, token);
    assert.equal(res.status, 200, res.raw.body);
    assert.equal(encoded.at(-1), demoFollowLink('course'));
    assert.match(res.body.info.image, /^data:image\/png;base64,/);
  });

  test('refuse empty or overlong text and callers without a session', async () => {
    assert.equal((await h.get('/api/text2QrCode', { text: '' }, token)).body.message, '缺少二维码内容');
    assert.equal(
      (await h.get('/api/text2QrCode', { text: 'x'.repeat(513) }, token)).body.message,
      '二维码内容不能超过512个字符',
    );
    assert.equal((await h.get('/api/text2QrCode', { text: 'a' })).status, 401);
  });

  test('without an encoder the call says what is missing (503), never a 500', async () => {
    const bare = await buildHarness({ database: h.database, closeDatabase: false, app: { qrEncoder: null } });
    try {
      const visitor = await bare.enter('demo');
      const res = await bare.get('/api/text2QrCode', { text: 'https://example.com' }, visitor);
      assert.equal(res.status, 503);
      assert.equal(res.body.message, '二维码服务暂不可用（服务器未安装 qrcode 组件）');
    } finally {
      await bare.close();
    }
  });
});

describe('traffic links', () => {
  test('resolve to their jump and count visits; unknown links are not found', async () => {
    const res = await h.get<TrafficLinkInfo>(`/front/traffic/link/${demoTrafficLinkId('demo')}`, {});
    assert.equal(res.status, 200, res.raw.body);
    assert.deepEqual(res.body.info, {
      projectSn: 'demo',
      jumpContent: { firstEnum: 'APPLE_INFO_COLLECTION_FORM', targetSn: demoFormSn('demo') },
    });
    const missing = await h.get('/front/traffic/link/nope', {});
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, '链接不存在或已失效');
  });
});

describe('QR images with the installed qrcode library', () => {
  test('the PNG decodes back to exactly the text asked for', async () => {
    const { loadQrEncoder } = await import('../../../src/runtime/qrcode');
    const encoder = await loadQrEncoder();
    assert.ok(encoder, 'the qrcode package is a dependency');
    const real = await buildHarness({ database: h.database, closeDatabase: false, app: { qrEncoder: encoder } });
    try {
      const visitor = await real.enter('demo');
      const res = await real.get<{ image: string }>('/api/text2QrCode', { text: demoFollowLink('demo') }, visitor);
      assert.equal(res.status, 200, res.raw.body);
      const png = Buffer.from(res.body.info.image.replace(/^data:image\/png;base64,/, ''), 'base64');
      // pngjs (qrcode's own PNG codec) ships no types: loaded by name.
      const pngjs = 'pngjs';
      const { PNG } = (await import(pngjs)) as unknown as {
        PNG: { sync: { read(b: Buffer): { width: number; height: number; data: Buffer } } };
      };
      const jsQR = (await import('jsqr')).default as unknown as (
        d: Uint8ClampedArray,
        w: number,
        h: number,
      ) => { data: string } | null;
      const { width, height, data } = PNG.sync.read(png);
      assert.equal(jsQR(new Uint8ClampedArray(data), width, height)?.data, demoFollowLink('demo'));
    } finally {
      await real.close();
    }
  });
});
