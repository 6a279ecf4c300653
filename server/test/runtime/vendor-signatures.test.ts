/**
 * The vendors' request signatures: ours (runtime/tc3-signature.ts, runtime/acs3-signature.ts) and the fakes' checkers
 * (test/fakes/*-check.ts, written separately from the vendors' pages) against the examples Tencent and Aliyun
 * publish, then ours against each vendor's official Node SDK signer on the requests the adapters send.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Sign from 'tencentcloud-sdk-nodejs-common/tencentcloud/common/sign';
import OpenApiUtil from '@alicloud/openapi-util';
import { TC3_CONTENT_TYPE, tc3Sign } from '../../src/runtime/tc3-signature';
import { acs3Query, acs3Sign, sha256Hex } from '../../src/runtime/acs3-signature';
import { TENCENT_PUBLISHED_EXAMPLE as T, checkTc3 } from '../fakes/tc3-check';
import { ALIYUN_PUBLISHED_EXAMPLE as A, checkAcs3 } from '../fakes/acs3-check';

describe('TC3-HMAC-SHA256 (Tencent Cloud)', () => {
  it("signs Tencent's published example to its published signature", () => {
    const ours = tc3Sign({ ...T, service: 'cvm', payload: T.body });
    assert.equal(ours.stringToSign.split('\n')[3], '5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031');
    assert.equal(ours.authorization, T.authorization);
  });

  it("the fake's checker accepts the published example and refuses it altered or late", () => {
    const req = {
      method: 'POST',
      url: '/',
      headers: {
        authorization: T.authorization,
        'content-type': T.contentType,
        host: T.host,
        'x-tc-timestamp': String(T.timestamp),
      },
      body: T.body,
    };
    const expect = { service: 'cvm', keys: { [T.secretId]: T.secretKey }, now: T.timestamp * 1000 + 60_000 };
    assert.equal(checkTc3(req, expect), null);
    assert.equal(checkTc3({ ...req, body: T.body.replace('1', '2') }, expect)?.Code, 'AuthFailure.SignatureFailure');
    assert.equal(checkTc3(req, { ...expect, now: T.timestamp * 1000 + 301_000 })?.Code, 'AuthFailure.SignatureExpire');
    assert.equal(checkTc3(req, { ...expect, keys: {} })?.Code, 'AuthFailure.SecretIdNotFound');
  });

  it("equals the official SDK's signer (tencentcloud-sdk-nodejs-common) byte for byte", () => {
    const secretId = 'AKIDcrossCheck0000000000000000000000';
    const secretKey = 'crossCheckSecretKey000000000000000';
    const requests = [
      {
        service: 'sms',
        url: 'https://sms.tencentcloudapi.com/',
        params: {
          PhoneNumberSet: ['+8613800138000'],
          SmsSdkAppId: '1400000001',
          SignName: '示例商城',
          TemplateId: '1100001',
          TemplateParamSet: ['042917', '5'],
        },
      },
      {
        service: 'faceid',
        url: 'https://faceid.tencentcloudapi.com/',
        params: { IdCard: '11010119900307123X', Name: '张三' },
      },
    ];
    for (const [i, r] of requests.entries()) {
      const timestamp = 1764300000 + i * 86_399;
      const payload = JSON.stringify(r.params);
      const ours = tc3Sign({ secretId, secretKey, service: r.service, host: new URL(r.url).host, timestamp, payload });
      const theirs = Sign.sign3({
        method: 'POST',
        url: r.url,
        payload: r.params,
        timestamp,
        service: r.service,
        secretId,
        secretKey,
        multipart: false,
        boundary: '',
        headers: { 'Content-Type': TC3_CONTENT_TYPE },
      });
      assert.equal(ours.authorization, theirs, r.service);
    }
  });
});

describe('ACS3-HMAC-SHA256 (Aliyun signature V3)', () => {
  it("signs Aliyun's published example to its published signature", () => {
    const { authorization, ...headers } = A.headers;
    const ours = acs3Sign({
      method: 'POST',
      path: '/',
      query: { ImageId: 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd', RegionId: 'cn-shanghai' },
      headers,
      accessKeyId: A.accessKeyId,
      accessKeySecret: A.accessKeySecret,
    });
    assert.equal(ours.authorization, authorization);
  });

  it("the fake's checker accepts the published example and refuses it altered, late or replayed", () => {
    const req = { method: 'POST', url: A.url, headers: A.headers, body: '' };
    const now = Date.parse(A.headers['x-acs-date']) + 60_000;
    const expect = () => ({ keys: { [A.accessKeyId]: A.accessKeySecret }, now, nonces: new Set<string>() });
    assert.equal(checkAcs3(req, expect()), null);
    assert.equal(
      checkAcs3({ ...req, url: A.url.replace('shanghai', 'beijing') }, expect())?.Code,
      'SignatureDoesNotMatch',
    );
    assert.equal(checkAcs3(req, { ...expect(), now: now + 20 * 60_000 })?.Code, 'InvalidTimeStamp.Expired');
    const once = expect();
    assert.equal(checkAcs3(req, once), null);
    assert.equal(checkAcs3(req, once)?.Code, 'SignatureNonceUsed');
  });

  it("equals the official SDK's signer (@alicloud/openapi-util getAuthorization) byte for byte", () => {
    const query = {
      PhoneNumbers: '13800138000',
      SignName: '示例商城',
      TemplateCode: 'SMS_100000001',
      TemplateParam: JSON.stringify({ code: '042917', note: "a b*c+d/e=f&g:h~(!)'" }),
    };
    const headers = {
      host: 'dysmsapi.aliyuncs.com',
      'x-acs-action': 'SendSms',
      'x-acs-version': '2017-05-25',
      'x-acs-date': '2026-11-28T03:40:00Z',
      'x-acs-signature-nonce': '0f1e2d3c4b5a69788796a5b4c3d2e1f0',
      'x-acs-content-sha256': sha256Hex(''),
    };
    const keys = { accessKeyId: 'LTAIcrossCheck', accessKeySecret: 'crossCheckSecret' };
    const ours = acs3Sign({ method: 'POST', path: '/', query, headers, ...keys });
    const theirs = OpenApiUtil.getAuthorization(
      { method: 'POST', pathname: '/', query, headers } as never,
      'ACS3-HMAC-SHA256',
      headers['x-acs-content-sha256'],
      keys.accessKeyId,
      keys.accessKeySecret,
    );
    assert.equal(ours.authorization, theirs);
    // The query is sent as it is signed.
    assert.match(acs3Query(query), /^PhoneNumbers=13800138000&SignName=%E7%A4%BA/);
  });
});
