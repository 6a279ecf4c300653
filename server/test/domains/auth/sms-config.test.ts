import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/config';
import { CODE_TTL_MS } from '../../../src/domains/auth/phone-login';
import { SMS_CODE_MINUTES } from '../../../src/domains/auth/providers/sms-config';

const templates = {
  SMS_TEMPLATE_CODE: '1001:code,minutes',
  SMS_TEMPLATE_PAID: '1002:orderNo,amount',
  SMS_TEMPLATE_REFUND_RESULT: '1003',
  SMS_TEMPLATE_SHIPPED: '1004',
  SMS_TEMPLATE_WITHDRAWAL_RESULT: '1005',
  SMS_TEMPLATE_INSTALMENT_DUE: '1006',
};
const tencent = {
  SMS_PROVIDER: 'tencent',
  TENCENT_SMS_SECRET_ID: 'AKIDx',
  TENCENT_SMS_SECRET_KEY: 'key',
  TENCENT_SMS_SDK_APP_ID: '1400000001',
  SMS_SIGN_NAME: '示例商城',
  ...templates,
};

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.problems;
  }
  return [];
};

describe('SMS vendor settings', () => {
  it('reads a whole Tencent configuration', () => {
    const c = loadConfig(tencent);
    assert.equal(c.smsProvider, 'tencent');
    assert.deepEqual(c.smsVendor, {
      vendor: 'tencent',
      secretId: 'AKIDx',
      secretKey: 'key',
      sdkAppId: '1400000001',
      region: 'ap-guangzhou',
      apiBase: 'https://sms.tencentcloudapi.com',
      signName: '示例商城',
      timeoutMs: 5000,
      templates: {
        code: { id: '1001', params: ['code', 'minutes'] },
        paid: { id: '1002', params: ['orderNo', 'amount'] },
        refundResult: { id: '1003' },
        shipped: { id: '1004' },
        withdrawalResult: { id: '1005' },
        instalmentDue: { id: '1006' },
      },
    });
  });

  it('refuses half a configuration, naming every missing variable', () => {
    const found = problems({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI', SMS_TEMPLATE_CODE: 'SMS_1' });
    const named = found.map((p) => p.split(':')[0]).sort();
    assert.deepEqual(named, [
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'SMS_SIGN_NAME',
      'SMS_TEMPLATE_INSTALMENT_DUE',
      'SMS_TEMPLATE_PAID',
      'SMS_TEMPLATE_REFUND_RESULT',
      'SMS_TEMPLATE_SHIPPED',
      'SMS_TEMPLATE_WITHDRAWAL_RESULT',
    ]);
    assert.match(found[0], /SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET/);
  });

  it("refuses a vendor's variables when another provider is chosen", () => {
    // Named under SMS_PROVIDER, so a stray secret's value is not echoed.
    assert.deepEqual(problems({ TENCENT_SMS_SECRET_KEY: 'secret', SMS_SIGN_NAME: 'x' }), [
      'SMS_PROVIDER: TENCENT_SMS_SECRET_KEY is set but SMS_PROVIDER is log',
      'SMS_PROVIDER: SMS_SIGN_NAME is set but SMS_PROVIDER is log',
    ]);
    assert.deepEqual(problems({ ...tencent, ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret' }), [
      'SMS_PROVIDER: ALIYUN_SMS_ACCESS_KEY_SECRET is set but SMS_PROVIDER is tencent (got "tencent")',
    ]);
  });

  it('refuses malformed template settings', () => {
    assert.match(problems({ ...tencent, SMS_TEMPLATE_CODE: '1001:code,price' })[0], /can only be code, minutes/);
    assert.match(problems({ ...tencent, SMS_TEMPLATE_PAID: 'SMS_1' })[0], /Tencent Cloud template id is digits/);
    assert.match(problems({ ...tencent, SMS_TEMPLATE_SHIPPED: '1004:' })[0], /must be a template id/);
    assert.match(problems({ ...tencent, SMS_TIMEOUT_MS: '0' })[0], /SMS_TIMEOUT_MS/);
  });

  it("the code template's minutes are the code's lifetime", () => {
    assert.equal(Number(SMS_CODE_MINUTES) * 60_000, CODE_TTL_MS);
  });
});
