/**
 * Real-name verification with IDENTITY_PROVIDER=tencent against a local fake of faceid IdCardVerification over HTTP
 * (test/fakes/tencent-faceid.ts): a match verifies; a mismatch, a verifier error and a timeout each answer their
 * Chinese message and change nothing (no identity stored; only the customer's own wrong data counts as a failed
 * attempt). The earnings settings refuse half a configuration.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import { EARNINGS_PREFIX as P, type IdentityInfo } from '@contract/earnings';
import { DEMO_EARNER } from '../../../src/db/seed/earnings';
import { identities } from '../../../src/domains/earnings/schema';
import { loadEarningsConfig } from '../../../src/domains/earnings/config';
import { IDENTITY_MISMATCH } from '../../../src/domains/earnings/providers/identity';
import { FACEID_TEXTS } from '../../../src/domains/earnings/providers/identity-tencent';
import { buildHarness, type Harness } from '../../helpers/app';
import { startTencentFaceidFake, type TencentFaceidFake } from '../../fakes/tencent-faceid';

const ID_OK = '110101199003071233';

describe('IDENTITY_PROVIDER=tencent (faceid IdCardVerification)', () => {
  let fake: TencentFaceidFake;
  let h: Harness;
  let token: string;
  const logged: string[] = [];

  before(async () => {
    fake = await startTencentFaceidFake();
    fake.people.set(ID_OK, '张三');
    // The earnings routes read their settings from the environment when the app is built.
    Object.assign(process.env, fake.env(), { IDENTITY_TIMEOUT_MS: '300' });
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logged.push(String(chunk));
        done();
      },
    });
    h = await buildHarness({ env: { LOG_LEVEL: 'warn' }, app: { logger: true, logStream } });
    token = (await h.login(DEMO_EARNER.phone)).token;
  });

  after(async () => {
    await h.close();
    await fake.stop();
  });

  const verify = (realName: string, idNumber = ID_OK) =>
    h.post<IdentityInfo>(`${P}/doIdentify`, { realName, idNumber }, token);
  const stored = async () =>
    (await h.database.db.select().from(identities).where(eq(identities.idNumberMasked, '1101**********1233'))).length;

  it('a mismatch answers its message, stores nothing and counts as a failed attempt', async () => {
    const res = await verify('李四');
    assert.equal(res.status, 400);
    assert.equal(res.body.message, IDENTITY_MISMATCH);
    assert.equal(fake.calls.at(-1)?.answer, '-1');
    assert.equal(await stored(), 0);
  });

  it('a record the authority does not have, and a verifier error, each answer their own message', async () => {
    assert.equal((await verify('张三', '440106198506152012')).body.message, FACEID_TEXTS.noRecord);
    fake.nextResult = '-4';
    const down = await verify('张三');
    assert.equal(down.status, 400);
    assert.equal(down.body.code, ERROR_CODES.IDENTITY_UNAVAILABLE);
    assert.equal(down.body.message, FACEID_TEXTS.unavailable);
    assert.ok(logged.some((l) => l.includes('"vendorCode":"-4"')));
    fake.nextResult = '-7';
    const limit = await verify('张三');
    assert.equal(limit.status, 429);
    assert.equal(limit.body.message, FACEID_TEXTS.dailyLimit);
    assert.equal(await stored(), 0);
  });

  it('refused keys and a timeout answer the unavailable messages, logged with the vendor code', async () => {
    const saved = fake.secretKey;
    fake.secretKey = 'rotated-at-the-vendor';
    const refused = await verify('张三').finally(() => (fake.secretKey = saved));
    assert.equal(refused.body.message, FACEID_TEXTS.unavailable);
    assert.ok(logged.some((l) => l.includes('AuthFailure.SignatureFailure')));
    fake.delayMs = 1500;
    const late = await verify('张三').finally(() => (fake.delayMs = 0));
    assert.equal(late.status, 400);
    assert.equal(late.body.message, FACEID_TEXTS.timeout);
    assert.equal(await stored(), 0);
  });

  it('the verifier’s failures did not use up the daily attempts: the match verifies', async () => {
    // Two failed attempts were the customer's (-1, -5); the limit is 5.
    const ok = await verify('张三');
    assert.equal(ok.status, 200, ok.raw.body);
    assert.equal(ok.body.info.verified, true);
    const [row] = await h.database.db
      .select()
      .from(identities)
      .where(eq(identities.idNumberMasked, '1101**********1233'));
    assert.equal(row.provider, 'tencent-faceid');
    assert.match(row.providerRef, /^[0-9a-f-]{36}$/);
    assert.deepEqual(fake.calls.at(-1), { idCard: ID_OK, name: '张三', answer: '0' });
  });

  it('half a configuration is refused, naming the missing key; a stray key without the value', () => {
    assert.throws(
      () => loadEarningsConfig({ IDENTITY_PROVIDER: 'tencent', TENCENT_FACEID_SECRET_ID: 'AKIDx' }),
      /TENCENT_FACEID_SECRET_KEY: is missing: IDENTITY_PROVIDER=tencent needs/,
    );
    assert.throws(
      () => loadEarningsConfig({ TENCENT_FACEID_SECRET_KEY: 'secret-value' }),
      (err: Error) =>
        /TENCENT_FACEID_SECRET_KEY is set but IDENTITY_PROVIDER is sandbox/.test(err.message) &&
        !err.message.includes('secret-value'),
    );
  });
});
