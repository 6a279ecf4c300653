/**
 * Refuses input no route can use before anything else reads it (DESIGN.md §4: bad input is a 4xx, never a
 * 500). It runs as the first preValidation hook of every route, before the signature check:
 * - NUL (U+0000) in any string or key of the body, query or path parameters. PostgreSQL cannot store it in
 *   text and fails the whole query, so a NUL that reached SQL was a 500; no field has a use for it. Other
 *   control characters are harmless to the database; free-text fields strip them (e.g. review content).
 * - Bodies nested deeper than MAX_DEPTH. Canonicalising a 5,000-level body for the signature (JSON.stringify)
 *   overflows the stack; no request of the contract nests deeper than a few levels.
 * The walk is iterative, so the check itself cannot overflow, and it visits each value once.
 * Provider callbacks (/pay/notify, /refund/notify, /refund/audit, /payout/notify) keep their bodies as text, to
 * check the provider's signature over the raw bytes: there a NUL is looked for as their parsers will read it
 * (rawTextProblem), and what a provider decodes from inside (a sealed WeChat resource) is checked once verified
 * (callbackProblem).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './http';

export const MAX_DEPTH = 32;
export const INPUT_MESSAGES = {
  illegalCharacter: '参数包含非法字符',
  tooDeep: '参数层级过深',
  tooLong: '参数过长',
} as const;

const hasNul = (text: string) => text.includes('\u0000');

/** The first problem of a parsed value, or null when it is fine. */
export function inputProblem(root: unknown): string | null {
  if (typeof root === 'string') return hasNul(root) ? INPUT_MESSAGES.illegalCharacter : null;
  if (root === null || typeof root !== 'object') return null;
  // Only objects and arrays go on the stack; a string is checked where it is found (a flat body, the usual
  // request, allocates nothing but its key list).
  const stack: Array<{ value: object; depth: number }> = [{ value: root, depth: 0 }];
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (depth >= MAX_DEPTH) return INPUT_MESSAGES.tooDeep;
    for (const key of Object.keys(value)) {
      if (hasNul(key)) return INPUT_MESSAGES.illegalCharacter;
      const child = (value as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        if (hasNul(child)) return INPUT_MESSAGES.illegalCharacter;
      } else if (child !== null && typeof child === 'object') {
        stack.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * NUL in a body kept as text, as JSON.parse or URLSearchParams will read it: the character itself, a JSON escape
 * \u0000 (after an even run of backslashes; after an odd one the backslash is the escaped character), or a
 * form's %00. A legitimate callback carries none of these.
 */
// eslint-disable-next-line no-control-regex -- a NUL is what this refuses
const ENCODED_NUL = /\u0000|(?<!\\)(?:\\\\)*\\u0000|%00/;
export const rawTextProblem = (text: string): string | null =>
  ENCODED_NUL.test(text) ? INPUT_MESSAGES.illegalCharacter : null;

/**
 * Longest string a verified callback may hand to SQL. Its ids go into unique indexes, whose entries PostgreSQL
 * caps at 2,704 bytes (a longer one fails the insert); no provider's ids or reasons come near 256 characters.
 */
export const MAX_CALLBACK_FIELD = 256;

/** The first problem of a provider callback's verified fields (NUL, or a string too long), or null. */
export function callbackProblem(fields: object): string | null {
  const problem = inputProblem(fields);
  if (problem) return problem;
  for (const value of Object.values(fields)) {
    if (typeof value === 'string' && value.length > MAX_CALLBACK_FIELD) return INPUT_MESSAGES.tooLong;
  }
  return null;
}

/** The verified fields themselves, or a 400 before they reach the database. */
export function checkedCallback<T extends object>(fields: T): T {
  const problem = callbackProblem(fields);
  if (problem) throw badRequest(problem);
  return fields;
}

function problemOf(request: FastifyRequest): string | null {
  const body = typeof request.body === 'string' ? rawTextProblem(request.body) : inputProblem(request.body);
  return inputProblem(request.params) ?? inputProblem(request.query) ?? body;
}

export function registerInputGuard(app: FastifyInstance): void {
  // A global hook: Fastify runs it before every route-level preValidation (the signature and session checks). A
  // callback hook, as it never waits: no promise and microtask per request.
  app.addHook('preValidation', (request, _reply, done) => {
    const problem = problemOf(request);
    done(problem ? badRequest(problem) : undefined);
  });
}
