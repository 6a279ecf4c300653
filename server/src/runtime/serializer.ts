/**
 * Response serialisation through Fastify's own machinery: each route's zod response schema is turned into the JSON
 * Schema it already shows in /docs (z.toJSONSchema, io 'output') and compiled once by fast-json-stringify, which
 * writes the answer from the schema instead of checking it with zod and then running JSON.stringify (that parse was
 * most of a cached read call's serialisation cost). Both leave out keys the schema does not name. fast-json-stringify
 * checks no values, so ajv, compiled from the same schema, refuses an answer outside the contract (a stored enum value
 * the schema does not list, a missing field) as zod's parse did: the error handler makes it a 500.
 *
 * A schema whose output JSON Schema cannot say what zod's parse would produce keeps fastify-type-provider-zod's
 * serializer: transforms and pipes (the output is computed), dates, bigints and other types JSON Schema cannot
 * express (z.toJSONSchema throws for them with unrepresentable 'throw'). test/runtime/serializer.test.ts checks,
 * for every route's response schemas, that both serialisers give the same JSON.
 *
 * An answer whose `info` is a cached read model (runtime/read-cache.ts: the menu, a page's modules, a column) is the
 * same object for every request until an operator's change drops it, so its checked and written JSON is kept beside
 * it (a WeakMap, gone with the model) and sent again: checking and writing a page's modules was most of that call.
 */
import { Ajv } from 'ajv';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OK_MESSAGE } from './http';
import { isCachedReadModel } from './read-cache';

type JsonSchema = Record<string, unknown>;

/** One response schema compiled: by which serialiser, for which route and status. */
export interface CompiledResponse {
  method: string;
  url: string;
  httpStatus?: string;
  schema: z.ZodType;
  via: 'fast-json-stringify' | 'zod';
}

export type ResponseSerializerCompiler = FastifySerializerCompiler<unknown> & {
  /** What was compiled so far (the tests check every entry against zod's serialiser). */
  readonly compiled: readonly CompiledResponse[];
};

/**
 * Adjusts zod's output JSON Schema for fast-json-stringify without changing what is written:
 * - `additionalProperties: false` goes: zod strips unknown keys rather than refusing them, and fast-json-stringify
 *   leaves them out either way, but it checks the branches of an anyOf with ajv, which would refuse a row with more
 *   columns than the schema names.
 * - `anyOf: [T, { type: 'null' }]` with a plain T becomes `type: [T, 'null']`, which fast-json-stringify writes
 *   without running ajv over the value.
 * - A property with a default is not required: zod fills it in when absent, and so does fast-json-stringify.
 */
function forStringify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forStringify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || (key === 'additionalProperties' && value === false)) continue;
    out[key] = forStringify(value);
  }
  const props = out.properties as Record<string, JsonSchema> | undefined;
  if (Array.isArray(out.required) && props) out.required = out.required.filter((k) => !('default' in (props[k] ?? {})));
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && Object.keys(out).length === 1) {
    const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && typeof other.type === 'string' && !('anyOf' in other || 'oneOf' in other || 'allOf' in other))
      return { ...other, type: [other.type, 'null'] };
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles for a zod response schema, or null where zod's serialiser must stay. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    const json = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'throw',
      cycles: 'ref',
      reused: 'inline',
    });
    return forStringify(json) as JsonSchema;
  } catch {
    return null;
  }
}

/** Accepts the zod schema itself or `{ properties: zodSchema }`, as fastify-type-provider-zod does. */
function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (inner instanceof z.ZodType) return inner;
  throw new Error(`response schema is not a zod schema: ${JSON.stringify(schema)}`);
}

/** The answer's contract check: formats are zod's to check on input, so only their type is checked here. */
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });

export class ResponseContractError extends Error {
  constructor(method: string, url: string, detail: string) {
    super(`Response of ${method} ${url} does not match its schema: ${detail}`);
    this.name = 'ResponseContractError';
  }
}

/** The `info` of a success envelope (runtime/http.ts ok), when it is a cached read model. */
function cachedInfoOf(data: unknown): object | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { state, message, info } = data as { state?: unknown; message?: unknown; info?: unknown };
  return state === true && message === OK_MESSAGE && isCachedReadModel(info) ? info : undefined;
}

interface FastWriter {
  valid: (data: unknown) => boolean;
  write: (data: unknown) => string;
}

/**
 * A schema's check and writer, compiled when the first answer needs them rather than when the route is registered:
 * compiling both for every route and status was most of a start's CPU (about 2.5 of 12 s to a test harness) and of
 * its heap, and most of a process's routes answer few or no requests. Whether fast-json-stringify can write the
 * schema at all (responseJsonSchema) is still decided at registration.
 */
function compiledOnFirstUse(json: JsonSchema): FastWriter {
  let valid: ((data: unknown) => boolean) | undefined;
  let write: ((data: unknown) => string) | undefined;
  return {
    valid: (data) => (valid ??= ajv.compile(json))(data),
    write: (data) => (write ??= fastJsonStringify(json) as (data: unknown) => string)(data),
  };
}

/** The serializer compiler for app.setSerializerCompiler (app.ts). */
export function responseSerializerCompiler(): ResponseSerializerCompiler {
  const compiled: CompiledResponse[] = [];
  // Every failure status of every route shares one error envelope: its check and writer are compiled once, not once
  // per route and status (they were most of the server's heap after its start).
  const writers = new WeakMap<z.ZodType, FastWriter | null>();
  const writerOf = (schema: z.ZodType): FastWriter | null => {
    let writer = writers.get(schema);
    if (writer === undefined) {
      const json = responseJsonSchema(schema);
      writer = json && compiledOnFirstUse(json);
      writers.set(schema, writer);
    }
    return writer;
  };
  const compiler: FastifySerializerCompiler<unknown> = (route) => {
    const schema = zodSchemaOf(route.schema);
    const writer = writerOf(schema);
    compiled.push({
      method: route.method,
      url: route.url,
      httpStatus: route.httpStatus,
      schema,
      via: writer ? 'fast-json-stringify' : 'zod',
    });
    // zod's serializer names the route in its errors, so each route has its own.
    const zodWrite = zodSerializerCompiler({ ...route, schema });
    if (!writer) return zodWrite;
    const { valid, write } = writer;
    // Where ajv refuses (it can be stricter than zod, e.g. on values zod's schema accepts by its own rules), zod's
    // serializer decides: it writes what zod accepts and refuses the rest, as before.
    const serialise = (data: unknown) => (valid(data) ? write(data) : zodWrite(data));
    const written = new WeakMap<object, string>();
    return (data: unknown) => {
      const info = cachedInfoOf(data);
      if (!info) return serialise(data);
      let json = written.get(info);
      if (json === undefined) written.set(info, (json = serialise(data)));
      return json;
    };
  };
  return Object.assign(compiler, { compiled });
}
