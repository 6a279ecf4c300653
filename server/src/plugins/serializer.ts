/**
 * Response serialisation: the zod response schema of each route (fastify-type-provider-zod: parse, which strips
 * what the schema does not name, then JSON.stringify), except that an envelope made by sharedOk (http.ts, the
 * answer of a cached read model) is serialised once per route and its text answered from then on. Under load the
 * zod parse and stringify of the menu, page modules, column lists and details were a tenth of each call's CPU
 * (issue 17). The text is kept as UTF-8 bytes in a WeakMap keyed by the envelope object, so it goes when the read
 * cache drops the model it was made from, and the next load (a new object) is checked and serialised again. Bytes,
 * not the text: Chinese makes the text two-byte, and node flattened it with the response head and encoded it to
 * UTF-8 on every answer (issue 17: a 3.6 KB answer cost its server 2-3 us more as a string than as bytes).
 * A JsonText (http.ts) is a text (or its bytes) its route already made.
 */
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { JsonText, isSharedEnvelope } from '../http';

export const serializerCompiler: typeof zodSerializerCompiler = (route) => {
  const serialize = zodSerializerCompiler(route);
  // Per route: two routes could answer the same object through different schemas.
  const bodies = new WeakMap<object, Buffer>();
  return (data) => {
    if (data instanceof JsonText) return data.body as unknown as string;
    if (!isSharedEnvelope(data)) return serialize(data);
    let body = bodies.get(data);
    if (body === undefined) {
      body = Buffer.from(serialize(data));
      bodies.set(data, body);
    }
    // Fastify sends a Buffer as it is (Content-Length is its length); the type says string only.
    return body as unknown as string;
  };
};
