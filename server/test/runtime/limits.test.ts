/**
 * Rate limits (runtime/limits.ts): SMS codes per client IP, per phone and for the whole
 * server; wrong guesses per phone across codes; new visitors per client. The client is request.ip, which
 * follows X-Forwarded-For only from proxies named in TRUST_PROXY.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { smsCodes } from '../../src/domains/auth/schema';
import { demoOnceFormSn } from '../../src/db/seed/forms';
import {
  CODES_PER_PHONE_PER_DAY,
  LIMIT_MESSAGES,
  WRONG_GUESSES_PER_PHONE_PER_DAY,
  clientKey,
} from '../../src/runtime/limits';
import { DatabaseLimiter, MemoryLimiter, leaseSize, type LimitHit, type Limiter } from '../../src/runtime/limiter';
import type { Database } from '../../src/runtime/database/plugin';
import { buildHarness, sign, type Harness, type Params } from '../helpers/app';
import { openTestDatabase } from '../helpers/test-database';

const CODE_URL = '/api/user/phone/verification/code';
const LOGIN_URL = '/api/user/phone/login';

/** A signed GET from a given client address (and optional forwarding header), as a browser behind it sends. */
async function getFrom(
  h: Harness,
  url: string,
  params: Params,
  from: { ip?: string; forwardedFor?: string; token?: string } = {},
) {
  const query = Object.fromEntries(
    Object.entries(sign('GET', url, params, h.config.signKey)).map(([k, v]) => [k, String(v)]),
  );
  const headers: Record<string, string> = {};
  if (from.forwardedFor) headers['x-forwarded-for'] = from.forwardedFor;
  if (from.token) headers['x-token'] = from.token;
  return h.inject({ method: 'GET', url, query, headers, remoteAddress: from.ip ?? '127.0.0.1' });
}

/** Lets the phone's one-code-per-minute rule pass again without waiting a minute. */
async function ageCode(h: Harness, phone: string) {
  await h.database.db
    .update(smsCodes)
    .set({ createdAt: new Date(Date.now() - 61_000) })
    .where(eq(smsCodes.phone, phone));
}

describe('memory limiter', () => {
  it('counts per key in fixed windows and forgets on reset', async () => {
    let now = 1_000;
    const limiter = new MemoryLimiter(() => now);
    assert.deepEqual(await limiter.hit('a', 2, 100), { allowed: true, count: 1, retryAfterMs: 100 });
    assert.equal((await limiter.hit('a', 2, 100)).allowed, true);
    assert.equal((await limiter.hit('a', 2, 100)).allowed, false);
    assert.equal((await limiter.hit('b', 2, 100)).allowed, true, 'keys are independent');
    assert.equal(await limiter.count('a'), 3);
    now += 100;
    assert.equal(await limiter.count('a'), 0, 'the window has passed');
    assert.equal((await limiter.hit('a', 2, 100)).count, 1);
    await limiter.reset('a');
    assert.equal(await limiter.count('a'), 0);
  });
});

/**
 * One table of steps run against the memory limiter (one process) and the database limiter (several processes on
 * PostgreSQL; here on the test database), on the same fake clock: both count alike. [ms after the start, call,
 * key, what it answers]; hits are of limit 2 in a window of 100 ms unless the step says otherwise.
 */
type Step =
  | [number, 'hit', string, Partial<LimitHit>, { limit: number; windowMs: number }?]
  | [number, 'count', string, number]
  | [number, 'reset', string];
const LIMITER_CASES: { name: string; steps: Step[] }[] = [
  {
    name: 'counts per key in a fixed window, then starts again',
    steps: [
      [0, 'hit', 'a', { allowed: true, count: 1, retryAfterMs: 100 }],
      [10, 'hit', 'a', { allowed: true, count: 2, retryAfterMs: 90 }],
      [20, 'hit', 'a', { allowed: false, count: 3, retryAfterMs: 80 }],
      [20, 'hit', 'b', { allowed: true, count: 1, retryAfterMs: 100 }],
      [99, 'count', 'a', 3],
      [100, 'count', 'a', 0],
      [100, 'hit', 'a', { allowed: true, count: 1, retryAfterMs: 100 }],
    ],
  },
  {
    name: 'a reset forgets the key only',
    steps: [
      [0, 'hit', 'a', { count: 1 }],
      [0, 'hit', 'b', { count: 1 }],
      [1, 'reset', 'a'],
      [1, 'count', 'a', 0],
      [1, 'count', 'b', 1],
      [2, 'hit', 'a', { allowed: true, count: 1, retryAfterMs: 100 }],
    ],
  },
  {
    name: 'a key never hit counts 0; a day-long window',
    steps: [
      [0, 'count', 'never', 0],
      [0, 'hit', 'day', { allowed: true, count: 1, retryAfterMs: 86_400_000 }, { limit: 1, windowMs: 86_400_000 }],
      [
        3_600_000,
        'hit',
        'day',
        { allowed: false, count: 2, retryAfterMs: 82_800_000 },
        { limit: 1, windowMs: 86_400_000 },
      ],
    ],
  },
];

describe('both limiters agree on every count', () => {
  let database: Database;
  before(async () => {
    database = await openTestDatabase();
    await database.migrate();
  });
  after(() => database.close());

  let now = 0;
  const kinds: [string, () => Limiter][] = [
    ['memory', () => new MemoryLimiter(() => now)],
    ['database', () => new DatabaseLimiter(database.db, () => now)],
  ];
  for (const [kind, make] of kinds) {
    for (const { name, steps } of LIMITER_CASES) {
      it(`${kind}: ${name}`, async () => {
        const limiter = make();
        // Millisecond times on a recent clock (the database limiter prunes windows that have ended); keys of
        // this run only.
        const start = Date.now();
        const run = `${kind}-${start}-${Math.random().toString(36).slice(2)}:`;
        for (const step of steps) {
          now = start + step[0];
          const key = run + step[2];
          if (step[1] === 'hit') {
            const { limit, windowMs } = step[4] ?? { limit: 2, windowMs: 100 };
            const got = await limiter.hit(key, limit, windowMs);
            for (const [field, want] of Object.entries(step[3]))
              assert.equal(got[field as keyof LimitHit], want, `${step[2]} +${step[0]} ${field}`);
          } else if (step[1] === 'count') {
            assert.equal(await limiter.count(key), step[3], `count ${step[2]} +${step[0]}`);
          } else await limiter.reset(key);
        }
      });
    }
    it(`${kind}: of 20 hits at once within a limit of 5, exactly 5 pass and each gets its own count`, async () => {
      const limiter = make();
      now = Date.now();
      const key = `${kind}-burst-${now}-${Math.random()}`;
      const hits = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(key, 5, 60_000)));
      assert.equal(hits.filter((h) => h.allowed).length, 5);
      assert.deepEqual(
        hits.map((h) => h.count).sort((a, b) => a - b),
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    });
  }
});

describe('database limiter leases large limits in blocks', () => {
  let database: Database;
  before(async () => {
    database = await openTestDatabase();
    await database.migrate();
  });
  after(() => database.close());

  it('two processes on one database together let through exactly the limit, each number once', async () => {
    // Two limiters on one database are two server processes: each keeps its own leases in memory.
    const [a, b] = [new DatabaseLimiter(database.db), new DatabaseLimiter(database.db)];
    const key = `lease-two-${Date.now()}-${Math.random()}`;
    const limit = 100; // leased 6 at a time
    assert.equal(leaseSize(limit), 6);
    const hits = await Promise.all(
      Array.from({ length: 300 }, (_, i) => (i % 2 ? a : b).hit(key, limit, 60_000, true)),
    );
    const allowed = hits.filter((h) => h.allowed).map((h) => h.count);
    assert.equal(allowed.length, limit);
    assert.deepEqual(
      allowed.sort((x, y) => x - y),
      Array.from({ length: limit }, (_, i) => i + 1),
    );
    assert.equal((await a.hit(key, limit, 60_000, true)).allowed, false, 'over the limit stays refused');
  });

  it('a block one process holds unused refuses the other at most a block early, never late', async () => {
    const [a, b] = [new DatabaseLimiter(database.db), new DatabaseLimiter(database.db)];
    const key = `lease-early-${Date.now()}-${Math.random()}`;
    const limit = 100;
    assert.equal((await a.hit(key, limit, 60_000, true)).allowed, true);
    let passed = 0;
    for (let i = 0; i < 150; i += 1) if ((await b.hit(key, limit, 60_000, true)).allowed) passed += 1;
    assert.equal(passed, limit - leaseSize(limit), 'b gets all but the block a leased');
    assert.ok((await a.count(key)) >= limit, 'leased numbers count in the database');
    // a still hands out what it leased: together exactly the limit.
    let fromA = 1;
    for (let i = 0; i < 10; i += 1) if ((await a.hit(key, limit, 60_000, true)).allowed) fromA += 1;
    assert.equal(passed + fromA, limit);
  });

  it('a small limit is counted hit by hit, as before', async () => {
    const limiter = new DatabaseLimiter(database.db);
    const key = `lease-small-${Date.now()}-${Math.random()}`;
    assert.equal(leaseSize(20), 1);
    for (let i = 1; i <= 3; i += 1) assert.equal((await limiter.hit(key, 20, 60_000, true)).count, i);
    assert.equal(await limiter.count(key), 3);
  });

  it('a large limit not asked to lease is counted hit by hit (the server-wide SMS budget)', async () => {
    const limiter = new DatabaseLimiter(database.db);
    const key = `lease-off-${Date.now()}-${Math.random()}`;
    for (let i = 1; i <= 3; i += 1) assert.equal((await limiter.hit(key, 100, 60_000)).count, i);
    assert.equal(await limiter.count(key), 3);
  });
});

describe('clientKey', () => {
  it('is the IPv4 address, also IPv4-mapped, or the /64 of an IPv6 address', () => {
    assert.equal(clientKey('203.0.113.7'), '203.0.113.7');
    assert.equal(clientKey('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(clientKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
    assert.equal(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'), '2001:db8:1:2::/64');
    assert.equal(clientKey('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(clientKey('::1'), '0:0:0:0::/64');
  });
});

describe('SMS codes per client, per phone and overall', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness({ env: { SMS_PER_IP_PER_HOUR: '3', SMS_PER_MINUTE: '10' } });
  });
  after(() => h.close());

  it('refuses a fourth code from one client within the hour, with 429 and a clear message; another client is served', async () => {
    for (let i = 0; i < 3; i += 1)
      assert.equal((await getFrom(h, CODE_URL, { phone: `1380000100${i}` }, { ip: '10.1.1.1' })).status, 200);
    const refused = await getFrom(h, CODE_URL, { phone: '13800001009' }, { ip: '10.1.1.1' });
    assert.equal(refused.status, 429);
    assert.deepEqual(refused.body, { state: false, message: LIMIT_MESSAGES.smsPerIp, info: null, code: 4290 });
    assert.equal(h.sms.sent.filter((s) => s.phone === '13800001009').length, 0, 'no code was sent');
    assert.equal((await getFrom(h, CODE_URL, { phone: '13800001009' }, { ip: '10.1.1.2' })).status, 200);
  });

  it('without TRUST_PROXY a forged X-Forwarded-For does not make a new client', async () => {
    for (let i = 0; i < 2; i += 1) {
      assert.equal(
        (await getFrom(h, CODE_URL, { phone: `1380000200${i}` }, { ip: '10.2.2.2', forwardedFor: `198.51.100.${i}` }))
          .status,
        200,
      );
    }
    assert.equal(
      (await getFrom(h, CODE_URL, { phone: '13800002005' }, { ip: '10.2.2.2', forwardedFor: '198.51.100.9' })).status,
      200,
    );
    const refused = await getFrom(
      h,
      CODE_URL,
      { phone: '13800002006' },
      { ip: '10.2.2.2', forwardedFor: '198.51.100.10' },
    );
    assert.equal(refused.status, 429);
  });

  it('limits the whole server per minute, whatever the clients', async () => {
    // 10 per minute: 7 went out above in this minute (a client's refusals do not count against everyone).
    let refused = null;
    for (let i = 0; i < 10 && !refused; i += 1) {
      const res = await getFrom(h, CODE_URL, { phone: `1380000300${i}` }, { ip: `10.3.3.${i}` });
      if (res.status !== 200) refused = res;
    }
    assert.ok(refused, 'a refusal came');
    assert.equal(h.sms.sent.length, 10);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.message, LIMIT_MESSAGES.smsBusy);
  });
});

describe('behind a trusted proxy', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness({ env: { SMS_PER_IP_PER_HOUR: '2', TRUST_PROXY: '127.0.0.1' } });
  });
  after(() => h.close());

  it('limits each real client named by the proxy, not the proxy itself', async () => {
    const viaProxy = (phone: string, client: string) =>
      getFrom(h, CODE_URL, { phone }, { ip: '127.0.0.1', forwardedFor: client });
    assert.equal((await viaProxy('13800004001', '203.0.113.7')).status, 200);
    assert.equal((await viaProxy('13800004002', '203.0.113.7')).status, 200);
    assert.equal((await viaProxy('13800004003', '203.0.113.7')).status, 429);
    assert.equal((await viaProxy('13800004004', '203.0.113.8')).status, 200, 'another client behind the same proxy');
    // A peer that is not the trusted proxy cannot pick its own address.
    assert.equal(
      (await getFrom(h, CODE_URL, { phone: '13800004005' }, { ip: '10.9.9.9', forwardedFor: '203.0.113.50' })).status,
      200,
    );
    assert.equal(
      (await getFrom(h, CODE_URL, { phone: '13800004006' }, { ip: '10.9.9.9', forwardedFor: '203.0.113.51' })).status,
      200,
    );
    assert.equal(
      (await getFrom(h, CODE_URL, { phone: '13800004007' }, { ip: '10.9.9.9', forwardedFor: '203.0.113.52' })).status,
      429,
    );
  });
});

describe('per phone: codes per day and wrong guesses across codes', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(() => h.close());

  it(`sends at most ${CODES_PER_PHONE_PER_DAY} codes to one phone a day`, async () => {
    const phone = '13800005001';
    for (let i = 0; i < CODES_PER_PHONE_PER_DAY; i += 1) {
      assert.equal((await h.get(CODE_URL, { phone })).status, 200, `code ${i + 1}`);
      await ageCode(h, phone);
    }
    const refused = await h.get(CODE_URL, { phone });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.message, LIMIT_MESSAGES.smsPerPhone);
  });

  it("a form's phone check code counts in the same phone's day as a login code", async () => {
    const phone = '13800005006';
    const { token } = await h.login('13800005007');
    for (let i = 0; i < CODES_PER_PHONE_PER_DAY; i += 1) {
      const formSn = demoOnceFormSn('demo');
      const sent = await h.post('/front/v1/form/send/phone_check_code', { formSn, phone }, token);
      assert.equal(sent.status, 200, `form code ${i + 1}`);
      await ageCode(h, phone);
    }
    const refused = await h.get(CODE_URL, { phone });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.message, LIMIT_MESSAGES.smsPerPhone);
  });

  it("a tap refused by the one-per-minute rule does not count against the phone's day", async () => {
    const phone = '13800005004';
    assert.equal((await h.get(CODE_URL, { phone })).status, 200);
    for (let i = 0; i < CODES_PER_PHONE_PER_DAY + 2; i += 1)
      assert.equal((await h.get(CODE_URL, { phone })).body.code, 4003);
    await ageCode(h, phone);
    assert.equal((await h.get(CODE_URL, { phone })).status, 200);
  });

  it('a fresh code does not bring fresh guesses: after the daily wrong guesses even the right code is refused', async () => {
    const phone = '13800005002';
    const visitor = await h.enter();
    const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    let guesses = 0;
    while (guesses < WRONG_GUESSES_PER_PHONE_PER_DAY) {
      await ageCode(h, phone);
      assert.equal((await h.get(CODE_URL, { phone })).status, 200);
      const code = h.sms.lastCode(phone);
      // Five per code (the per-code rule), then a new code.
      for (let i = 0; i < 5 && guesses < WRONG_GUESSES_PER_PHONE_PER_DAY; i += 1, guesses += 1) {
        const res = await h.get(LOGIN_URL, { phone, code: wrong(code) }, visitor);
        assert.equal(res.status, 400, res.raw.body);
      }
    }
    await ageCode(h, phone);
    assert.equal((await h.get(CODE_URL, { phone })).status, 200);
    const right = await h.get(LOGIN_URL, { phone, code: h.sms.lastCode(phone) }, visitor);
    assert.equal(right.status, 429);
    assert.deepEqual(right.body, { state: false, message: LIMIT_MESSAGES.guesses, info: null, code: 4006 });
  });

  it('a right code forgives the wrong guesses before it', async () => {
    const phone = '13800005003';
    const visitor = await h.enter();
    await h.get(CODE_URL, { phone });
    const code = h.sms.lastCode(phone);
    for (let i = 0; i < 3; i += 1)
      await h.get(LOGIN_URL, { phone, code: code === '000000' ? '000001' : '000000' }, visitor);
    assert.equal((await h.get(LOGIN_URL, { phone, code }, visitor)).status, 200);
  });
});

describe('new visitors per client', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness({ env: { ENTRANCE_PER_IP_PER_MINUTE: '3' } });
  });
  after(() => h.close());

  const enterFrom = (ip: string, token?: string) =>
    h.inject({
      method: 'POST',
      url: '/front/v1/entrance',
      remoteAddress: ip,
      payload: sign('POST', '/front/v1/entrance', { projectSn: 'demo', ...(token ? { token } : {}) }, h.config.signKey),
    });

  it('creates at most the limit of visitors and sessions per client per minute; a kept session is not counted', async () => {
    const first = await enterFrom('10.5.5.5');
    assert.equal(first.status, 200);
    const token = (first.body.info as { token: string }).token;
    assert.equal((await enterFrom('10.5.5.5')).status, 200);
    assert.equal((await enterFrom('10.5.5.5')).status, 200);
    const refused = await enterFrom('10.5.5.5');
    assert.equal(refused.status, 429);
    assert.deepEqual(refused.body, { state: false, message: LIMIT_MESSAGES.entrance, info: null, code: 4290 });
    const kept = await enterFrom('10.5.5.5', token);
    assert.equal(kept.status, 200, 'entering again with a live session creates nothing');
    assert.equal((kept.body.info as { token: string }).token, token);
    assert.equal((await enterFrom('10.5.5.6')).status, 200);
  });
});
