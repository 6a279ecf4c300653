/**
 * The e签宝 request signature against what e签宝 publishes, and the start-up checks of its variables. e签宝 has no
 * official Node SDK and publishes no request-signature vector together with its secret (its 鉴权签名计算 tool page
 * shows the string to sign and a Content-MD5, its callback page a sample whose secret and signature are masked), so
 * what can be checked is checked: the tool page's Content-MD5 and the layout of its string to sign, and the
 * adapter's headers against the fake's gateway check, which is written separately from e签宝's page and demo.
 */
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/config';
import {
  contentMd5,
  sortedPathAndQuery,
  tsignCallbackSignature,
  tsignHeaders,
  tsignStringToSign,
} from '../../../src/domains/order/providers/esign-tsign';
import { callbackSignature } from '../../fakes/esign';

describe('e签宝 request signature', () => {
  it("matches the 鉴权签名计算 page's Content-MD5 and string to sign", () => {
    // The page's example: the Content-MD5 of an empty body, and its GET string to sign (Date empty).
    assert.equal(createHash('md5').update('').digest('base64'), '1B2M2Y8AsgTpgAmY7PhCfg==');
    assert.equal(
      tsignStringToSign({
        method: 'get',
        accept: '*/*',
        contentMd5: '1B2M2Y8AsgTpgAmY7PhCfg==',
        contentType: 'application/json;charset=UTF-8',
        pathAndQuery: '/v1/signflows/1234567/executeUrl?accountId=438be8042d9843118cbca94f17dc',
      }),
      'GET\n*/*\n1B2M2Y8AsgTpgAmY7PhCfg==\napplication/json;charset=UTF-8\n\n' +
        '/v1/signflows/1234567/executeUrl?accountId=438be8042d9843118cbca94f17dc',
    );
    // A body's Content-MD5 is base64 of the 16 MD5 bytes, not of the 32 hex characters (计算方法 page).
    const body = '{"name":"张某人","age":18}';
    assert.equal(contentMd5(body), Buffer.from(createHash('md5').update(body, 'utf8').digest()).toString('base64'));
    assert.equal(contentMd5(body).length, 24);
    // The official demo sends no Content-MD5 value for a body-less GET.
    assert.equal(contentMd5(''), '');
  });

  it('sorts the query by name and signs base64 HMAC-SHA256 with the app secret', () => {
    assert.equal(sortedPathAndQuery('/v3/x?b=2&a=1&c='), '/v3/x?a=1&b=2&c=');
    assert.equal(sortedPathAndQuery('/v3/x?'), '/v3/x');
    const h = tsignHeaders('app-1', 'secret-1', 'POST', '/v3/sign-flow/create-by-file', '{"a":1}', 1_700_000_000_000);
    assert.equal(h['X-Tsign-Open-Auth-Mode'], 'Signature');
    assert.equal(h['X-Tsign-Open-Ca-Timestamp'], '1700000000000');
    const expected = createHmacB64(
      'secret-1',
      `POST\n*/*\n${h['Content-MD5']}\napplication/json; charset=UTF-8\n\n/v3/sign-flow/create-by-file`,
    );
    assert.equal(h['X-Tsign-Open-Ca-Signature'], expected);
  });

  it('signs callbacks as the fake (written from the 回调通知 page) does: timestamp + query values + body, hex', () => {
    const body = '{"action":"SIGN_FLOW_COMPLETE","signFlowId":"abc","signFlowStatus":"2"}';
    const url = 'https://shop.example/esign/notify?orderNo=001&belong=pinjie';
    // The page's rule: query values sorted by key (belong, orderNo) → "pinjie001".
    assert.equal(
      tsignCallbackSignature('s3cret', '1729489875363', { orderNo: '001', belong: 'pinjie' }, body),
      callbackSignature('s3cret', '1729489875363', url, body),
    );
    assert.match(callbackSignature('s3cret', '1', url, body), /^[0-9a-f]{64}$/);
  });
});

const createHmacB64 = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64');

describe('e签宝 variables at start-up', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      return err.problems;
    }
  };

  it('refuses a half configuration, naming what is missing', () => {
    const got = problems({ ESIGN_PROVIDER: 'esign', ESIGN_APP_ID: '743900' });
    assert.equal(got.length, 3, got.join('\n'));
    assert.match(got.join('\n'), /ESIGN_APP_SECRET is missing/);
    assert.match(got.join('\n'), /ESIGN_CALLBACK_URL is missing/);
    assert.match(problems({ ESIGN_PROVIDER: 'esign' }).join('\n'), /ESIGN_PROVIDER=esign needs ESIGN_APP_ID/);
    const full = { ESIGN_APP_ID: 'a', ESIGN_APP_SECRET: 'b', ESIGN_CALLBACK_URL: 'https://shop.example/esign/notify' };
    assert.match(problems(full).join('\n'), /ESIGN_PROVIDER is sandbox/);
    assert.match(
      problems({ ...full, ESIGN_PROVIDER: 'esign' }).join('\n'),
      /ESIGN_PROVIDER=esign needs PUBLIC_BASE_URL/,
    );
    assert.match(
      problems({ ...full, ESIGN_PROVIDER: 'esign', ESIGN_CALLBACK_URL: 'notify' }).join('\n'),
      /ESIGN_CALLBACK_URL/,
    );
    assert.match(problems({ ESIGN_PROVIDER: 'docusign' }).join('\n'), /ESIGN_PROVIDER must be one of: sandbox, esign/);
  });

  it('defaults to the sandbox and reads a full e签宝 configuration', () => {
    assert.deepEqual(loadConfig({}).esign, { provider: 'sandbox', tsign: undefined });
    const c = loadConfig({
      ESIGN_PROVIDER: 'esign',
      ESIGN_APP_ID: '743900',
      ESIGN_APP_SECRET: 'secret',
      ESIGN_CALLBACK_URL: 'https://shop.example/esign/notify',
      ESIGN_API_BASE: 'https://smlopenapi.esign.cn/',
      PUBLIC_BASE_URL: 'https://shop.example',
    });
    assert.equal(c.esign.provider, 'esign');
    assert.equal(c.esign.tsign?.apiBase, 'https://smlopenapi.esign.cn');
    assert.equal(c.esign.tsign?.timeoutMs, 10_000);
  });
});
