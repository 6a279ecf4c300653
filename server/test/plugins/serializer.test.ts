/**
 * The response serializer (issue 17): an envelope made by sharedOk (a cached read model's answer) is checked and
 * serialised once per route and its text reused; a new model object (the read cache reloaded it after a change)
 * is serialised afresh; every other answer is serialised on each call. The text is what the zod serializer makes;
 * a shared envelope's is kept as its UTF-8 bytes, which Fastify sends as they are.
 */
import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { envelope } from '@contract/common';
import { ok, sharedOk } from '../../src/http';
import { serializerCompiler } from '../../src/plugins/serializer';

describe('serializerCompiler', () => {
  let checks = 0;
  const schema = envelope(z.object({ title: z.string() }).refine(() => (checks += 1) > 0));
  const compile = () => serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (data: unknown) => string;

  it('serialises a shared envelope once, as zod does (keys the schema does not name are left out)', () => {
    const serialize = compile();
    const model = { title: '首页', secret: 'not in the schema' };
    checks = 0;
    const first = serialize(sharedOk(model));
    assert.deepEqual(JSON.parse(first), { state: true, message: 'success', info: { title: '首页' } });
    assert.equal(serialize(sharedOk(model)), first);
    assert.equal(checks, 1, 'checked and serialised once');
    const zodText = (zodSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (data: unknown) => string)(ok(model));
    assert.ok(Buffer.isBuffer(first), 'kept as bytes');
    assert.equal((first as unknown as Buffer).toString('utf8'), zodText);
  });

  it('a shared answer goes out as its bytes: JSON type, the byte length, the same body as a plain answer', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const model = { title: '课程“一”\n😀' };
    const route = { schema: { response: { 200: envelope(z.object({ title: z.string() })) } } };
    app.get('/shared', route, async () => sharedOk(model));
    app.get('/plain', route, async () => ok(model));
    const [shared, again, plain] = [await app.inject('/shared'), await app.inject('/shared'), await app.inject('/plain')];
    for (const res of [shared, again]) {
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(res.headers['content-length'], String(Buffer.byteLength(plain.body)));
      assert.equal(res.body, plain.body);
    }
    assert.equal(JSON.parse(shared.body).info.title, model.title);
    await app.close();
  });

  it('serialises a new model object (a reload after a change) afresh, and plain answers every time', () => {
    const serialize = compile();
    const old = { title: '旧' };
    assert.equal(JSON.parse(serialize(sharedOk(old))).info.title, '旧');
    // A changed row reloaded by the read cache is a new object: its text is made from it, not remembered.
    assert.equal(JSON.parse(serialize(sharedOk({ title: '新' }))).info.title, '新');
    checks = 0;
    const plain = { title: '每次' };
    serialize(ok(plain));
    serialize(ok(plain));
    assert.equal(checks, 2);
  });

  it('keeps the text per route: another route\'s schema serialises the same envelope its own way', () => {
    const model = { title: '标题', count: 3 };
    const withCount = serializerCompiler({ schema: envelope(z.object({ title: z.string(), count: z.number() })), method: 'GET', url: '/y', httpStatus: '200' }) as (data: unknown) => string;
    assert.deepEqual(JSON.parse(compile()(sharedOk(model))).info, { title: '标题' });
    assert.deepEqual(JSON.parse(withCount(sharedOk(model))).info, { title: '标题', count: 3 });
  });

  it('refuses an answer its schema does not allow, as the zod serializer does', () => {
    assert.throws(() => compile()(sharedOk({ title: 42 })));
  });
});
