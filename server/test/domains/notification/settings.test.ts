/** The notification settings at start-up: templates per platform all or none, well formed, with their app. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/config';

const WECHAT = {
  NOTIFY_WECHAT_PAID: 'WX-PAID|character_string1=orderNo,amount2=amount',
  NOTIFY_WECHAT_REFUND_RESULT: 'WX-REFUND|character_string1=orderNo,phrase2=result',
  NOTIFY_WECHAT_SHIPPED: 'WX-SHIP|character_string1=orderNo,thing2=carrier',
  NOTIFY_WECHAT_WITHDRAWAL_RESULT: 'WX-WD|amount1=amount,phrase2=result',
  NOTIFY_WECHAT_INSTALMENT_DUE: 'WX-DUE|character_string1=orderNo,date2=dueDate',
};
const APP = { WECHAT_MINI_APP_ID: 'wx1', WECHAT_MINI_APP_SECRET: 'secret' };

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.problems;
  }
  return [];
}

describe('notification settings', () => {
  it('defaults to the sandbox with no templates', () => {
    const c = loadConfig({});
    assert.equal(c.notify.provider, 'sandbox');
    assert.equal(c.notify.wechat, undefined);
    assert.equal(c.notify.sweepMs, 10_000);
  });

  it('reads five WeChat templates with the mini-program app', () => {
    const c = loadConfig({ ...WECHAT, ...APP, NOTIFY_PROVIDER: 'live', NOTIFY_WECHAT_STATE: 'trial' });
    assert.equal(c.notify.provider, 'live');
    assert.deepEqual(c.notify.wechat?.templates.paid, {
      templateId: 'WX-PAID',
      fields: { character_string1: 'orderNo', amount2: 'amount' },
    });
    assert.equal(c.notify.wechat?.state, 'trial');
    assert.equal(c.notify.wechat?.apiBase, 'https://api.weixin.qq.com');
  });

  it('refuses a half configuration, naming each missing variable', () => {
    const { NOTIFY_WECHAT_SHIPPED: _s, NOTIFY_WECHAT_INSTALMENT_DUE: _d, ...three } = WECHAT;
    const p = problems({ ...three, ...APP });
    assert.equal(p.length, 2);
    assert.match(p[0], /^NOTIFY_WECHAT_SHIPPED: NOTIFY_WECHAT_SHIPPED is missing/);
    assert.match(p[1], /^NOTIFY_WECHAT_INSTALMENT_DUE: /);
  });

  it('refuses templates without their app, bad forms and unknown variables, all at once', () => {
    assert.deepEqual(problems(WECHAT), [
      'NOTIFY_WECHAT_PAID: WeChat notices need WECHAT_MINI_APP_ID and WECHAT_MINI_APP_SECRET',
    ]);
    const p = problems({
      ...WECHAT,
      ...APP,
      NOTIFY_WECHAT_PAID: 'WX-PAID',
      NOTIFY_WECHAT_SHIPPED: 'WX-SHIP|thing1=phone',
      NOTIFY_PROVIDER: 'email',
    });
    assert.equal(p.length, 3);
    assert.match(p[0], /^NOTIFY_PROVIDER: NOTIFY_PROVIDER must be one of: sandbox, live/);
    assert.match(p[1], /NOTIFY_WECHAT_PAID names no field/);
    assert.match(p[2], /NOTIFY_WECHAT_SHIPPED maps thing1 to "phone"; shipped has orderNo, title, carrier/);
    const baidu = problems({
      NOTIFY_BAIDU_PAID: 'BD1|keyword1=orderNo',
      NOTIFY_BAIDU_REFUND_RESULT: 'BD2|keyword1=orderNo',
      NOTIFY_BAIDU_SHIPPED: 'BD3|keyword1=orderNo',
      NOTIFY_BAIDU_WITHDRAWAL_RESULT: 'BD4|keyword1=withdrawalNo',
      NOTIFY_BAIDU_INSTALMENT_DUE: 'BD5|keyword1=orderNo',
    });
    assert.deepEqual(baidu, ['NOTIFY_BAIDU_PAID: Baidu notices need BAIDU_SWAN_APP_KEY and BAIDU_SWAN_APP_SECRET']);
  });
});
