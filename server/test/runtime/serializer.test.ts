/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's zod response schema
 * (runtime/serializer.ts); zod's serialiser (parse, then JSON.stringify) is what they replaced. Both must give the
 * same JSON: for every response schema of every route, over samples generated from the schema, and for real answers
 * of the app as it runs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { seedIfEmpty } from '../../src/db/seed';
import type { Database } from '../../src/runtime/database/plugin';
import { ok } from '../../src/runtime/http';
import { createReadCache } from '../../src/runtime/read-cache';
import {
  responseJsonSchema,
  responseSerializerCompiler,
  type ResponseSerializerCompiler,
} from '../../src/runtime/serializer';
import { RecordingSms, sign, TEST_LIMITS_ENV, type Params } from '../helpers/app';
import { openTestDatabase } from '../helpers/test-database';

type Json = Record<string, unknown>;

const zodWrite = (schema: z.ZodType, data: unknown) =>
  zodSerializerCompiler({ schema, method: 'GET', url: '/sample' } as never)(data);

/** What fast-json-stringify writes for the schema, as compiled for the app. */
function fastWrite(schema: z.ZodType): (data: unknown) => string {
  const compile = responseSerializerCompiler();
  return compile({ schema, method: 'GET', url: '/sample', httpStatus: '200' } as never);
}

const TRICKY = 'a "quoted" \\ 中文\n\u2028😀';

/**
 * A value for a JSON Schema; `variant` picks the branch of an anyOf, null or not, optional keys kept or left out,
 * so that several variants reach every branch. Objects carry a key no schema names (both serialisers drop it).
 */
function sample(schema: Json, variant: number, root: Json, depth = 0): unknown {
  if (depth > 12) return null;
  if (typeof schema.$ref === 'string') {
    const path = schema.$ref.replace(/^#\//, '').split('/');
    return sample(
      path.reduce<Json>((node, key) => node[key] as Json, root),
      variant,
      root,
      depth + 1,
    );
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[variant % schema.enum.length];
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (union) return sample(union[variant % union.length], variant, root, depth + 1);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  const type = types[variant % types.length];
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return variant % 2 === 0;
    case 'integer':
      return 7 + variant;
    case 'number':
      return 12.5 + variant;
    case 'string':
      return schema.format === 'date-time' ? '2026-11-27T08:00:00.000Z' : `${TRICKY}${variant}`;
    case 'array': {
      const items = (schema.items ?? {}) as Json;
      return [0, 1].map((i) => sample(items, variant + i, root, depth + 1));
    }
    case 'object': {
      const out: Json = { notInTheSchema: TRICKY };
      const required = new Set((schema.required as string[] | undefined) ?? []);
      for (const [key, prop] of Object.entries((schema.properties ?? {}) as Record<string, Json>))
        if (required.has(key) || variant % 2 === 0) out[key] = sample(prop, variant, root, depth + 1);
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
        out.extra = sample(schema.additionalProperties as Json, variant, root, depth + 1);
      return out;
    }
    default:
      return variant % 2 ? TRICKY : { any: [1, 'x', null] };
  }
}

let database: Database;
let app: FastifyInstance;
const sms = new RecordingSms();
/** Answers as the handlers gave them, with the schema of their status. */
const answers: Array<{ url: string; status: number; schema: z.ZodType; payload: unknown; body: string }> = [];

before(async () => {
  database = await openTestDatabase();
  await database.migrate();
  await seedIfEmpty(database.db);
  const config = loadConfig({ H5_DIST: '/nonexistent/h5', LOG_LEVEL: 'silent', ...TEST_LIMITS_ENV });
  app = await buildApp({ config, db: database.db, sms, logger: false });
  const pending = new WeakMap<object, { schema: z.ZodType; payload: unknown }>();
  app.addHook('preSerialization', async (request, reply, payload) => {
    const schema = (request.routeOptions.schema?.response as Record<number, z.ZodType> | undefined)?.[reply.statusCode];
    // A copy: the answer may be a cached read model that later calls share.
    if (schema) pending.set(request, { schema, payload: structuredClone(payload) });
    return payload;
  });
  app.addHook('onSend', async (request, reply, body) => {
    const hit = pending.get(request);
    if (hit && typeof body === 'string') answers.push({ url: request.url, status: reply.statusCode, ...hit, body });
    return body;
  });
  await app.ready();
});
after(async () => {
  await app.close();
  await database.close();
});

describe('response serialisation', () => {
  test('every route answers through fast-json-stringify or, where JSON Schema cannot say it, zod', () => {
    const compiled = (app.serializerCompiler as ResponseSerializerCompiler).compiled;
    assert.ok(compiled.length > 100, `only ${compiled.length} response schemas compiled`);
    const viaZod = compiled.filter((c) => c.via === 'zod').map((c) => `${c.method} ${c.url} ${c.httpStatus}`);
    // None today; a new one is fine when its schema has a transform (the test below still compares it).
    assert.deepEqual(viaZod, []);
  });

  test('generated samples: the same JSON as zod for every response schema of every route', () => {
    const compiled = (app.serializerCompiler as ResponseSerializerCompiler).compiled;
    let compared = 0;
    for (const { method, url, httpStatus, schema } of compiled) {
      const json = responseJsonSchema(schema);
      if (!json) continue;
      const write = fastWrite(schema);
      for (let variant = 0; variant < 4; variant += 1) {
        const value = sample(json, variant, json);
        const where = `${method} ${url} ${httpStatus} #${variant}`;
        let expected: string;
        try {
          expected = zodWrite(schema, value);
        } catch {
          // A sample zod refuses (a pattern, a length): refused here too, as the app's 500.
          assert.throws(() => write(value), where);
          continue;
        }
        assert.deepEqual(JSON.parse(write(value)), JSON.parse(expected), where);
        compared += 1;
      }
    }
    assert.ok(compared > compiled.length, `only ${compared} samples compared for ${compiled.length} schemas`);
  });

  test('fields zod fills or drops: defaults, undefined optionals, unknown keys, nullables', () => {
    const schema = z.object({
      a: z.string().default('默认'),
      b: z.number().int().optional(),
      c: z.string().nullable(),
      d: z.array(z.object({ x: z.string() }).nullable()),
      e: z.union([z.object({ kind: z.literal('one'), v: z.number() }), z.object({ kind: z.literal('two') })]),
      f: z.record(z.string(), z.number()),
      g: z.unknown(),
    });
    const value = {
      b: undefined,
      c: null,
      d: [null, { x: 'y', dropped: 1 }],
      e: { kind: 'two', v: 3 },
      f: { k: 1 },
      g: { nested: ['é', null] },
      dropped: true,
    };
    assert.deepEqual(JSON.parse(fastWrite(schema)(value)), JSON.parse(zodWrite(schema, value)));
  });

  test('a cached read model is written once; any other answer each time', async () => {
    const schema = z.object({ state: z.literal(true), message: z.string(), info: z.object({ title: z.string() }) });
    const write = fastWrite(schema);
    const cache = createReadCache(Number.POSITIVE_INFINITY);
    const cached = await cache.get('p', 'k', async () => ({ title: '首页' }));
    assert.equal(write(ok(cached)), '{"state":true,"message":"success","info":{"title":"首页"}}');
    // Never done to a cached model; here it shows the first answer is the one sent again.
    cached.title = '改过';
    assert.equal(write(ok(cached)), '{"state":true,"message":"success","info":{"title":"首页"}}');
    const live = { title: '首页' };
    write(ok(live));
    live.title = '改过';
    assert.equal(write(ok(live)), '{"state":true,"message":"success","info":{"title":"改过"}}');
  });

  test('real answers: what the handlers gave, written by both, is the same JSON', async () => {
    const { signKey } = loadConfig({ H5_DIST: '/nonexistent/h5', LOG_LEVEL: 'silent', ...TEST_LIMITS_ENV });
    const call = async (method: 'GET' | 'POST', url: string, params: Params, token?: string) => {
      const data = sign(method, url, token ? { ...params, token } : params, signKey);
      const res =
        method === 'GET'
          ? await app.inject({
              method,
              url,
              query: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])),
              headers: token ? { 'x-token': token } : {},
            })
          : await app.inject({ method, url, payload: data });
      return res.json() as { state: boolean; info: Json };
    };
    const entered = await call('POST', '/front/v1/entrance', { projectSn: 'demo' });
    const visitor = String((entered.info as { token?: string }).token ?? '');
    assert.ok(visitor, JSON.stringify(entered));
    await call('GET', '/front/v1/customerPage/menu', {}, visitor);
    await call('GET', '/front/v1/activity/details', { actSn: 'demo-goods-01' }, visitor);
    await call('GET', '/front/v1/activity/details', { actSn: 'demo-course-01' }, visitor);
    await call('GET', '/front/v1/activity/details', { actSn: 'no-such-item' }, visitor);
    const phone = '13912340001';
    await call('GET', '/api/user/phone/verification/code', { phone }, visitor);
    const login = await call('GET', '/api/user/phone/login', { phone, code: sms.lastCode(phone) }, visitor);
    const token = String((login.info as { token: string }).token);
    await call('GET', '/front/v1/client/order/confirm/data', { targetSn: 'demo-goods-01' }, token);
    await call('GET', '/front/v1/client/order/user/orders', { tab: 'ALL', page: 1, perSize: 10 }, token);

    assert.ok(answers.length >= 8, `only ${answers.length} answers captured`);
    for (const { url, status, schema, payload, body } of answers)
      assert.deepEqual(JSON.parse(body), JSON.parse(zodWrite(schema, payload)), `${url} ${status}`);
  });
});
