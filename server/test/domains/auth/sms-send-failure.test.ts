/**
 * Every way a customer asks for an SMS code (login, a phone-checked form, a bank card) shares one store-and-send
 * (domains/auth/sms-code-issue.ts): when the provider does not take the message, the route answers its Chinese text
 * (400, or 429 for the vendor's own limit; never a 5xx) and the phone is not held for a minute.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ERROR_CODES } from '@contract/common';
import { EARNINGS_PREFIX as P } from '@contract/earnings';
import { DEMO_EARNER } from '../../../src/db/seed/earnings';
import { demoOnceFormSn } from '../../../src/db/seed/forms';
import {
  SMS_FAILURE_TEXTS,
  SmsSendError,
  type SmsFailureReason,
} from '../../../src/domains/auth/providers/sms-failure';
import { VendorError } from '../../../src/runtime/vendor-call';
import { buildHarness, type Harness } from '../../helpers/app';

describe('an SMS code the vendor did not take', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(() => h.close());

  /** The provider refuses the next code with this reason, as the live adapters do. */
  function refuseNext(reason: SmsFailureReason) {
    const send = h.sms.sendCode.bind(h.sms);
    h.sms.sendCode = async () => {
      h.sms.sendCode = send;
      const answered = reason !== 'timeout';
      throw new SmsSendError(reason, new VendorError('test', answered ? 'REFUSED' : 'TIMEOUT', 'no', answered));
    };
  }

  it('login: each reason has its message and status, and the next tap sends', async () => {
    const visitor = await h.enter();
    const phone = '13711110001';
    for (const [reason, status] of [
      ['number', 400],
      ['vendor', 400],
      ['limit', 429],
      ['timeout', 400],
    ] as const) {
      refuseNext(reason);
      const res = await h.get('/api/user/phone/verification/code', { phone }, visitor);
      assert.equal(res.status, status, reason);
      assert.equal(res.body.message, SMS_FAILURE_TEXTS[reason]);
      assert.equal(res.body.code, reason === 'limit' ? ERROR_CODES.SMS_TOO_FREQUENT : ERROR_CODES.SMS_SEND_FAILED);
    }
    const sent = await h.get('/api/user/phone/verification/code', { phone }, visitor);
    assert.equal(sent.status, 200, sent.raw.body);
    assert.equal((await h.get('/api/user/phone/login', { phone, code: h.sms.lastCode(phone) }, visitor)).status, 200);
  });

  it("a phone-checked form's code", async () => {
    const user = await h.login('13711110002');
    const body = { formSn: demoOnceFormSn('demo'), phone: '13711110003' };
    refuseNext('number');
    const refused = await h.post('/front/v1/form/send/phone_check_code', body, user.token);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, SMS_FAILURE_TEXTS.number);
    assert.equal((await h.post('/front/v1/form/send/phone_check_code', body, user.token)).status, 200);
  });

  it("a bank card's code", async () => {
    const earner = await h.login(DEMO_EARNER.phone);
    refuseNext('vendor');
    const refused = await h.get(`${P}/sendPhoneCode`, {}, earner.token);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, SMS_FAILURE_TEXTS.vendor);
    assert.equal((await h.get(`${P}/sendPhoneCode`, {}, earner.token)).status, 200);
  });
});
