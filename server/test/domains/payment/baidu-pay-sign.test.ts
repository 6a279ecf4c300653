/**
 * Baidu cashier signatures (rsaSign) as Baidu's own pages define them, with Baidu's published sample key:
 * - 签名与验签 (https://smartprogram.baidu.com/docs/develop/function/sign_v2/; the cashier's copy is mirrored at
 *   https://www.w3cschool.cn/baiduapp/baiduapp-d9273981.html): sign and sign_type never take part, the rest is
 *   sorted by name and joined as k=v&k=v, empty values included ("空值参数同样要参与签名"), then SHA1WithRSA;
 * - 密钥生成 (mirrored at https://www.w3cschool.cn/baiduapp/baiduapp-bmv73982.html): the sample 1024-bit key pair
 *   the signing example uses; its orderInfo example signs appKey=MMMabc&dealId=470193086&totalAmount=11300&
 *   tpOrderId=3028903626 to the rsaSign below.
 */
import assert from 'node:assert/strict';
import { createPublicKey, createSign } from 'node:crypto';
import { describe, it } from 'node:test';
import { createBaiduPayProvider } from '../../../src/domains/payment/providers/baidu-pay';
import { baiduSign, baiduSignString } from '../../../src/domains/payment/providers/baidu-pay-client';
import type { Config } from '../../../src/config';

const BAIDU_SAMPLE_PRIVATE_KEY = `-----BEGIN RSA PRIVATE KEY-----
MIICXQIBAAKBgQC6ZbnSK6EeCMFq3KUdp2hyd5ExvfPYy65berLkjm8eKX2swDq9
nF+bpCtM27+0pssRuoypaBIOTP3nf+Qpd1p8yP8kMQF3GbUy1t9kZzs0lqpGe7RZ
/7ehVKIyLlCEgm5cUMFGKyLH33XL1QcQkqAJjinbjgYjtvt1Ms+VCmmolwIDAQAB
AoGBAJ9H/HGHzOeAbd/masabXtqqKA3Ml4rECturTyGWQYgRxo4PumJ7NQwoTsQf
6IL0IQWmVzsQbpV/31yq4gs5Lb2MzXDAsfAWkj+Z4xCvApLyzCgrS9HomKl/PM4W
tZeCH7rYiqs2eTtqGlV/zBwKe5sUQJ7uTkSqePkGz9+WyVw5AkEA49tYgWlv2vkf
WPNq5Rv4ouPRBbNFCGJiWD5jBl2cGEhywfsEfZsqGzUPkgFI+rs4VPWyHzwUuVRU
bJhcfyBPJQJBANFrdvaFkiNdjpay+VRlMRgPkOB4wlXk+16RgX5tj5WJY/yKOEGI
k6T8tExXJuwzp2b/zqdqjGJYDawbBiOimgsCQEZyPGzWUlTbDMwNhhELktWZpbgj
csZi1JD/yNHhAy+mxoQevYawAFalEwlLCGsskwABbm6lvqqF3gwtFvve21kCQFQ3
RjDfCCTGs9ewg4nH49VMNTO//E60dc3S7+NaxdoZ1SayourftJgts4fbqGBmaVSH
XKCAvZGy3VSvzWk5M38CQQCozKD1ddDDrtE2gQKtKAjOzcvgJsell085f1cObc/C
pRG0IMfXcGi352IS5xbgJWnX+9UZwW5UppDJr6YKFA1K
-----END RSA PRIVATE KEY-----`;
const BAIDU_SAMPLE_PUBLIC_KEY = createPublicKey(BAIDU_SAMPLE_PRIVATE_KEY)
  .export({ type: 'spki', format: 'pem' })
  .toString();
const BAIDU_SAMPLE_RSA_SIGN =
  'TN0ZNPyQeTnPjCN5hUa7JwrXOhR8uDASXPazidVQHFSiGCH5aouBkVvJxtf8PeqzGYWAASwS2oOt2eJfunzC5dTFd/pWJeJToMgCSgRY7KtQUCCDnMrtpqiMAf+dLiXps3HpWhVB4CK6MXfHc64ejP5a2fu5bg8B0BTcHrqaGc0=';

/** A live Baidu pay whose developer and platform keys are both Baidu's sample pair. */
const config: Config['baiduPay'] = {
  appKey: 'MMMabc',
  dealId: '470193086',
  privateKey: BAIDU_SAMPLE_PRIVATE_KEY,
  publicKey: BAIDU_SAMPLE_PUBLIC_KEY,
  clientId: 'client',
  clientSecret: 'secret',
  refundBase: 'http://127.0.0.1:9',
  openapiBase: 'http://127.0.0.1:9',
};

/** A payment notification as Baidu's 通知支付状态 page lists its fields (promoDetail and returnData empty). */
const notification = {
  userId: '149235070',
  orderId: '800020199',
  unitPrice: '800',
  count: '2',
  totalMoney: '1600',
  payMoney: '1200',
  promoMoney: '100',
  hbMoney: '100',
  hbBalanceMoney: '100',
  giftCardMoney: '100',
  dealId: '470193086',
  payTime: '1463037529',
  promoDetail: '',
  payType: '9101',
  partnerId: '1000000003',
  status: '2',
  tpOrderId: '3028903626',
  returnData: '',
};
const sha1WithRsa = (text: string) => createSign('RSA-SHA1').update(text).sign(BAIDU_SAMPLE_PRIVATE_KEY, 'base64');
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('Baidu rsaSign as Baidu publishes it', () => {
  it("signs Baidu's orderInfo example to Baidu's published rsaSign", async () => {
    assert.equal(
      baiduSign(
        { appKey: 'MMMabc', dealId: '470193086', tpOrderId: '3028903626', totalAmount: '11300' },
        BAIDU_SAMPLE_PRIVATE_KEY,
      ),
      BAIDU_SAMPLE_RSA_SIGN,
    );
    const provider = createBaiduPayProvider(config);
    const prepared = await provider.prepare(
      { paymentSn: '3028903626', amount: 11300, orderNo: 'O1', seq: 1 },
      { paySource: 'SWAN', tradeType: 'SWAN', description: '课程' },
    );
    assert.equal((prepared.orderInfo as Record<string, string>).rsaSign, BAIDU_SAMPLE_RSA_SIGN);
  });

  it("builds the signed string of Baidu's own example: sign, sign_type and rsaSign left out, sorted", () => {
    // The 签名与验签 page's notification example and the string it prints for it.
    const fields = {
      orderId: '800020199',
      tpOrderId: '33330020199',
      status: '2',
      unitPrice: '800',
      count: '2',
      payMoney: '1200',
      promoMoney: '100',
      hbMoney: '100',
      hbBalanceMoney: '100',
      giftCardMoney: '100',
      dealId: '7423328',
      payTime: '1463037529',
      payType: '9101',
      partnerId: '1000000003',
      promoDetail: '{}',
    };
    const printed =
      'count=2&dealId=7423328&giftCardMoney=100&hbBalanceMoney=100&hbMoney=100&orderId=800020199&partnerId=1000000003&payMoney=1200&payTime=1463037529&payType=9101&promoDetail={}&promoMoney=100&status=2&tpOrderId=33330020199&unitPrice=800';
    assert.equal(baiduSignString({ ...fields, rsaSign: 'x', sign: 'y', sign_type: 'RSA' }), printed);
  });

  it('accepts a notification signed as Baidu signs, with sign_type beside it and empty fields in it', () => {
    const provider = createBaiduPayProvider(config);
    const signedString = Object.keys(notification)
      .sort()
      .map((k) => `${k}=${notification[k as keyof typeof notification]}`)
      .join('&');
    assert.match(signedString, /promoDetail=&/, 'empty fields are part of the string');
    const body = form({ ...notification, sign_type: 'RSA', rsaSign: sha1WithRsa(signedString) });
    assert.deepEqual(provider.verifyNotification(body, {}), {
      paymentSn: '3028903626',
      txnId: '800020199',
      amount: 1600,
      status: 'SUCCESS',
      payType: 4,
    });
  });

  it('refuses a notification whose signature covers sign_type, leaves out an empty field, or whose amount was changed', () => {
    const provider = createBaiduPayProvider(config);
    const withType = { ...notification, sign_type: 'RSA' };
    const overType = Object.keys(withType)
      .sort()
      .map((k) => `${k}=${withType[k as keyof typeof withType]}`)
      .join('&');
    assert.throws(() => provider.verifyNotification(form({ ...withType, rsaSign: sha1WithRsa(overType) }), {}), /签名/);
    const nonEmpty = Object.entries(notification)
      .filter(([, v]) => v !== '')
      .sort(([a], [b]) => (a < b ? -1 : 1));
    const withoutEmpty = nonEmpty.map(([k, v]) => `${k}=${v}`).join('&');
    assert.throws(
      () => provider.verifyNotification(form({ ...notification, rsaSign: sha1WithRsa(withoutEmpty) }), {}),
      /签名/,
    );
    const good = sha1WithRsa(baiduSignString(notification));
    assert.throws(
      () => provider.verifyNotification(form({ ...notification, totalMoney: '1', rsaSign: good }), {}),
      /签名/,
    );
  });
});
