/**
 * Baidu's user-data decryption against Baidu's own published sample and against data padded to 32-byte blocks
 * as Baidu pads it (pads of 17-32 bytes are what Node's default 16-byte unpadding refuses).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { createBaiduMiniLogin, decryptBaiduData } from '../../../src/domains/auth/providers/mini-login-baidu';
import { MINI_TEXTS } from '../../../src/domains/auth/providers/mini-login';
import { encryptBaiduFrame, encryptBaiduPhone } from '../../fakes/mini-platforms';

/**
 * The sample of Baidu's 用户数据的签名验证和加解密 page (PHP, Java and Python demos by smartprogram_rd@baidu.com):
 * https://smartprogram.baidu.com/docs/develop/api/open/log_userdata/ (mirrored at
 * https://www.bookstack.cn/read/smartprogram-20210306/a9bf6869d062a226.md). Its plaintext ends in 28 bytes of padding.
 */
const BAIDU_SAMPLE = {
  appKey: 'y2dTfnWfkx2OXttMEMWlGHoB1KzMogm7',
  sessionKey: '1df09d0a1677dd72b8325aec59576e0c',
  iv: '1df09d0a1677dd72b8325Q==',
  ciphertext:
    'OpCoJgs7RrVgaMNDixIvaCIyV2SFDBNLivgkVqtzq2GC10egsn+PKmQ/+5q+chT8xzldLUog2haTItyIkKyvzvmXonBQLIMeq54axAu9c3KG8IhpFD6+ymHocmx07ZKi7eED3t0KyIxJgRNSDkFk5RV1ZP2mSWa7ZgCXXcAbP0RsiUcvhcJfrSwlpsm0E1YJzKpYy429xrEEGvK+gfL+Cw==',
  plaintext: '{"openid":"open_id","nickname":"baidu_user","headimgurl":"url of image","sex":1}',
};

const sessionKey = () => randomBytes(24).toString('base64');

describe('Baidu user-data decryption', () => {
  it("decrypts Baidu's published sample to its published plaintext and app key", () => {
    const data = decryptBaiduData(BAIDU_SAMPLE.sessionKey, BAIDU_SAMPLE.ciphertext, BAIDU_SAMPLE.iv);
    assert.ok(data, 'the sample did not decrypt');
    assert.deepEqual(data.json, JSON.parse(BAIDU_SAMPLE.plaintext));
    assert.equal(data.appKey, BAIDU_SAMPLE.appKey);
  });

  it('strips every pad from 1 to 32 bytes', () => {
    const key = sessionKey();
    // Frames of 76..107 bytes end in 20..32 and then 1..19 bytes of padding.
    for (let extra = 0; extra < 32; extra++) {
      const appKey = 'k'.repeat(32 + extra);
      const sealed = encryptBaiduPhone(key, '13612340001', appKey);
      const data = decryptBaiduData(key, sealed.encryptedData, sealed.iv);
      assert.ok(data, `a frame of ${76 + extra} bytes did not decrypt`);
      assert.deepEqual(data.json, { mobile: '13612340001' });
      assert.equal(data.appKey, appKey);
    }
  });

  it('refuses a wrong key, a pad over 32 and a length past the end', () => {
    const key = sessionKey();
    const sealed = encryptBaiduPhone(key, '13612340001', 'y2dTfnWfkx2OXttMEMWlGHoB1KzMogm7');
    assert.equal(decryptBaiduData(sessionKey(), sealed.encryptedData, sealed.iv), null);
    // 63 bytes then a final byte of 33: no Baidu pad.
    const badPad = encryptBaiduFrame(key, Buffer.concat([Buffer.alloc(62, 1), Buffer.from([33])]));
    const raw = Buffer.from(badPad.encryptedData, 'base64');
    assert.equal(decryptBaiduData(key, raw.subarray(0, 64).toString('base64'), badPad.iv), null);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(1000);
    const long = encryptBaiduFrame(
      key,
      Buffer.concat([randomBytes(16), length, Buffer.from('{"mobile":"13612340001"}')]),
    );
    assert.equal(decryptBaiduData(key, long.encryptedData, long.iv), null);
  });

  it("a real-sized App Key's phone login gives the phone; another app's data is refused", async () => {
    const appKey = BAIDU_SAMPLE.appKey;
    const provider = createBaiduMiniLogin({ appKey, appSecret: 'secret', apiBase: 'http://127.0.0.1:9' });
    const key = sessionKey();
    const own = encryptBaiduPhone(key, '13612340001', appKey);
    assert.equal(await provider.phoneNumber({ sessionKey: key, ...own }), '13612340001');
    const other = encryptBaiduPhone(key, '13612340001', 'A'.repeat(32));
    await assert.rejects(
      provider.phoneNumber({ sessionKey: key, ...other }),
      (e: Error) => e.message === MINI_TEXTS.otherApp,
    );
  });
});
