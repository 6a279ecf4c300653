/**
 * The WeChat and Baidu subscribe-message channels against local fakes of both platforms over real HTTP
 * (fakes/notify-platforms.ts): the published request shapes, tokens kept and renewed, and each error the
 * platforms publish sorted into permanent (not tried again) and passing (tried again later).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createBaiduChannel } from '../../../src/domains/notification/channels/baidu';
import { ChannelError, type NoticeContent } from '../../../src/domains/notification/channels/types';
import { createWechatChannel } from '../../../src/domains/notification/channels/wechat';
import { wechatValue } from '../../../src/domains/notification/kinds';
import { startNotifyPlatformsFake, type NotifyPlatformsFake } from '../../fakes/notify-platforms';

const content = (templateId: string, extra: Partial<NoticeContent> = {}): NoticeContent => ({
  kind: 'paid',
  text: '您的订单 O1 已支付 ¥12',
  page: 'pages/order/orderDetail?orderNo=O1',
  params: { orderNo: 'O1', amount: '¥12' },
  templateId,
  data: { character_string1: { value: 'O1' }, amount2: { value: '¥12' } },
  ...extra,
});

async function refusal(p: Promise<void>): Promise<ChannelError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof ChannelError, String(err));
    return err;
  }
  assert.fail('the send was expected to fail');
}

describe('notification channels against the platforms over HTTP', () => {
  let fake: NotifyPlatformsFake;
  before(async () => {
    fake = await startNotifyPlatformsFake();
    fake.templates.add('TPL-PAID');
  });
  after(() => fake.stop());

  it('WeChat: sends the published body, keeps its stable token, renews it on 40001', async () => {
    const wechat = createWechatChannel({ ...fake.wechat, apiBase: fake.base, state: 'trial' });
    const before = fake.tokensIssued();
    await wechat.send('o-wx-1', content('TPL-PAID'));
    await wechat.send('o-wx-1', content('TPL-PAID'));
    assert.equal(fake.tokensIssued() - before, 1, 'one token for both sends');
    const last = fake.sent.at(-1)!;
    assert.deepEqual(
      { ...last },
      {
        platform: 'wechat',
        openid: 'o-wx-1',
        templateId: 'TPL-PAID',
        data: { character_string1: { value: 'O1' }, amount2: { value: '¥12' } },
        page: 'pages/order/orderDetail?orderNo=O1',
        state: 'trial',
      },
    );
    fake.revokeTokens();
    await wechat.send('o-wx-1', content('TPL-PAID'));
    assert.equal(fake.tokensIssued() - before, 2, 'fetched again after 40001');
    assert.ok(fake.seen.some((p) => p.startsWith('/cgi-bin/message/subscribe/send?access_token=')));
  });

  it('WeChat: 43101 (refused), 40037 and 47003 are permanent; HTTP 500 is tried again later', async () => {
    const wechat = createWechatChannel({ ...fake.wechat, apiBase: fake.base, state: 'formal' });
    fake.refusing.add('o-wx-refuses');
    const refused = await refusal(wechat.send('o-wx-refuses', content('TPL-PAID')));
    assert.equal(refused.permanent, true);
    assert.match(refused.message, /43101/);
    const unknown = await refusal(wechat.send('o-wx-1', content('TPL-NOPE')));
    assert.equal(unknown.permanent, true);
    assert.match(unknown.message, /40037/);
    const badData = await refusal(wechat.send('o-wx-1', content('TPL-PAID', { data: { thing1: {} as never } })));
    assert.match(badData.message, /47003/);
    assert.equal(badData.permanent, true);
    await wechat.send('o-wx-1', content('TPL-PAID')); // the token is held
    fake.failNext(1);
    const down = await refusal(wechat.send('o-wx-1', content('TPL-PAID')));
    assert.equal(down.permanent, false);
    assert.match(down.message, /HTTP 500/);
  });

  it('WeChat: a wrong secret is a passing failure (the token cannot be had)', async () => {
    const wechat = createWechatChannel({ ...fake.wechat, appSecret: 'wrong', apiBase: fake.base, state: 'formal' });
    const err = await refusal(wechat.send('o-wx-1', content('TPL-PAID')));
    assert.equal(err.permanent, false);
    assert.match(err.message, /40125/);
  });

  it('Baidu: form-encoded subscribe send with its subscribe-id, token renewed on error 111', async () => {
    const baidu = createBaiduChannel({ ...fake.baidu, apiBase: fake.base });
    const before = fake.tokensIssued();
    await baidu.send('bd-open-1', content('TPL-PAID', { subscribeId: 'S-77' }));
    const last = fake.sent.at(-1)!;
    assert.equal(last.platform, 'baidu');
    assert.equal(last.subscribeId, 'S-77');
    assert.deepEqual(last.data, { character_string1: { value: 'O1' }, amount2: { value: '¥12' } });
    fake.revokeTokens();
    await baidu.send('bd-open-1', content('TPL-PAID', { subscribeId: 'S-78' }));
    assert.equal(fake.tokensIssued() - before, 2);
    const seenToken = fake.seen.find((p) => p.startsWith('/oauth/2.0/token?'))!;
    assert.match(seenToken, /grant_type=client_credentials/);
    assert.match(seenToken, /scope=smartapp_snsapi_base/);
  });

  it('Baidu: 4007 (not subscribed) and 4001 are permanent; no subscribe-id is refused before any call', async () => {
    const baidu = createBaiduChannel({ ...fake.baidu, apiBase: fake.base });
    fake.refusing.add('bd-refuses');
    const refused = await refusal(baidu.send('bd-refuses', content('TPL-PAID', { subscribeId: 'S-1' })));
    assert.equal(refused.permanent, true);
    assert.match(refused.message, /4007/);
    const unknown = await refusal(baidu.send('bd-open-1', content('TPL-X', { subscribeId: 'S-1' })));
    assert.match(unknown.message, /4001/);
    const calls = fake.seen.length;
    assert.equal((await refusal(baidu.send('bd-open-1', content('TPL-PAID')))).permanent, true);
    assert.equal(fake.seen.length, calls);
    const wrong = createBaiduChannel({ ...fake.baidu, clientSecret: 'nope', apiBase: fake.base });
    const noToken = await refusal(wrong.send('bd-open-1', content('TPL-PAID', { subscribeId: 'S-2' })));
    assert.equal(noToken.permanent, false);
  });

  it("cuts values to WeChat's field limits", () => {
    assert.equal(
      wechatValue('thing2', '成人高考专升本全程班（含教材与一对一辅导）'),
      '成人高考专升本全程班（含教材与一对一辅…',
    );
    assert.equal([...wechatValue('thing2', '成人高考专升本全程班（含教材与一对一辅导）')].length, 20);
    assert.equal(wechatValue('phrase3', '退款失败了呢啊'), '退款失败了');
    assert.equal(wechatValue('amount1', '¥123456.78'), '¥123456.78');
  });
});
