import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SIGN_KEY } from '@contract/signature';
import {
  ConfigError,
  DEFAULT_CARD_CODE_KEY,
  DEFAULT_OPS_KEY,
  DEFAULT_SANDBOX_PAY_KEY,
  DEFAULT_UPLOAD_SECRET,
  loadConfig,
} from '../../src/config';

describe('loadConfig', () => {
  it('gives demo defaults for an empty environment', () => {
    assert.deepEqual(loadConfig({}), {
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: './data',
      signKey: DEFAULT_SIGN_KEY,
      h5Dist: 'dist/h5',
      adminDist: undefined,
      poolMax: 10,
      shutdownGraceMs: 10_000,
      smsProvider: 'log',
      smsVendor: undefined,
      sessionTtlDays: 30,
      publicBaseUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
      limits: { smsPerIpPerHour: 20, smsPerMinute: 60, entrancePerIpPerMinute: 60 },
      payProvider: 'sandbox',
      sandboxPayKey: DEFAULT_SANDBOX_PAY_KEY,
      wechatMp: {
        appId: undefined,
        appSecret: undefined,
        apiBase: 'https://api.weixin.qq.com',
        authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
      },
      wechatPay: {
        appId: undefined,
        miniAppId: undefined,
        mchId: undefined,
        apiV3Key: undefined,
        serialNo: undefined,
        privateKey: undefined,
        platformPublicKey: undefined,
        platformPublicKeyId: undefined,
        notifyUrl: undefined,
        apiBase: 'https://api.mch.weixin.qq.com',
        refundNotifyUrl: undefined,
      },
      miniLogin: { provider: 'sandbox', wechat: undefined, baidu: undefined },
      baiduPay: {
        appKey: undefined,
        dealId: undefined,
        privateKey: undefined,
        publicKey: undefined,
        clientId: undefined,
        clientSecret: undefined,
        refundBase: 'https://etrade-api.baidu.com',
        openapiBase: 'https://openapi.baidu.com',
      },
      opsKey: DEFAULT_OPS_KEY,
      cardCodeKey: DEFAULT_CARD_CODE_KEY,
      storage: { secret: DEFAULT_UPLOAD_SECRET, maxBytes: 5 * 1024 * 1024, oss: undefined },
      esign: { provider: 'sandbox', tsign: undefined },
      notify: { provider: 'sandbox', sweepMs: 10_000, wechat: undefined, baidu: undefined },
    });
  });

  it('stores uploads itself unless all three OSS settings are given; a half configuration is refused', () => {
    const oss = {
      OSS_HOST: 'https://bucket.oss-cn-hangzhou.aliyuncs.com/',
      OSS_ACCESS_ID: 'id',
      OSS_ACCESS_SECRET: 'secret',
    };
    assert.deepEqual(loadConfig(oss).storage.oss, {
      host: 'https://bucket.oss-cn-hangzhou.aliyuncs.com',
      accessId: 'id',
      accessSecret: 'secret',
    });
    assert.equal(loadConfig({ UPLOAD_MAX_MB: '2' }).storage.maxBytes, 2 * 1024 * 1024);
    assert.throws(() => loadConfig({ OSS_HOST: oss.OSS_HOST }), /OSS_ACCESS_ID[\s\S]*OSS_ACCESS_SECRET/);
    assert.throws(
      () => loadConfig({ OSS_ACCESS_ID: 'id', OSS_ACCESS_SECRET: 'secret' }),
      /OSS_HOST: OSS_HOST, OSS_ACCESS_ID and OSS_ACCESS_SECRET must be set together/,
    );
    assert.throws(() => loadConfig({ ...oss, OSS_HOST: 'bucket' }), /OSS_HOST must be the bucket origin/);
    assert.throws(() => loadConfig({ OPS_KEY: 'short' }), /OPS_KEY/);
    assert.throws(() => loadConfig({ CARD_CODE_KEY: 'short' }), /CARD_CODE_KEY must have at least 16 characters/);
    assert.equal(loadConfig({ CARD_CODE_KEY: 'a-card-code-key-of-mine' }).cardCodeKey, 'a-card-code-key-of-mine');
  });

  it('reads every setting, treating empty values as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u:p@db:5432/shop',
      DATA_DIR: '/var/lib/sf',
      SIGN_KEY: 'a-long-secret-key',
      H5_DIST: '/srv/h5',
      SMS_PROVIDER: 'log',
      SESSION_TTL_DAYS: '7',
      PUBLIC_BASE_URL: 'https://shop.example.com/',
      LOG_LEVEL: 'warn',
      UNRELATED: 'x',
    });
    assert.equal(config.port, 8080);
    assert.equal(config.databaseUrl, 'postgres://u:p@db:5432/shop');
    assert.equal(config.sessionTtlDays, 7);
    assert.equal(config.publicBaseUrl, 'https://shop.example.com');
    assert.equal(loadConfig({ PORT: '', DATABASE_URL: '' }).port, 3000);
    assert.equal(loadConfig({ DATABASE_URL: '' }).databaseUrl, undefined);
  });

  it('reads TRUST_PROXY as Fastify takes it and refuses what it cannot mean', () => {
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy, '127.0.0.1,10.0.0.0/8');
    assert.equal(loadConfig({ SMS_PER_IP_PER_HOUR: '5' }).limits.smsPerIpPerHour, 5);
    assert.throws(() => loadConfig({ TRUST_PROXY: 'yes please' }), /TRUST_PROXY/);
    assert.throws(() => loadConfig({ SMS_PER_MINUTE: '0' }), /SMS_PER_MINUTE/);
  });

  it('lists every problem at once with the variable name and value', () => {
    assert.throws(
      () =>
        loadConfig({
          PORT: 'abc',
          SESSION_TTL_DAYS: '0',
          DATABASE_URL: 'mysql://x',
          SMS_PROVIDER: 'twilio',
          SIGN_KEY: 'short',
        }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.equal(err.problems.length, 5);
        assert.match(err.message, /PORT: PORT must be an integer from 1 to 65535 \(got "abc"\)/);
        assert.match(err.message, /DATABASE_URL/);
        assert.match(err.message, /SMS_PROVIDER must be one of: log/);
        return true;
      },
    );
  });
});
