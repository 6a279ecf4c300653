/**
 * A provider callback (payment or refund notification) is refused in the body its provider documents, with the
 * status the app's error handler (runtime/errors.ts) gives the same failure: WeChat Pay v3 wants a 4xx/5xx with
 * {code: 'FAIL', message} and then sends again. A fault of the server, and a provider with no format of its own,
 * are left to the app's handler (the envelope; a 500 logged).
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, MESSAGES } from './http';
import { issueMessage } from './errors';

/** Status and message of a refusal, as the app's error handler words them; null for a fault of the server. */
function refusalOf(error: Error): { status: number; message: string } | null {
  if (error instanceof AppError) return { status: error.statusCode, message: error.message };
  if (hasZodFastifySchemaValidationErrors(error)) return { status: 400, message: issueMessage(error.validation[0]) };
  const status = (error as FastifyError).statusCode ?? 500;
  if (status === 413) return { status, message: MESSAGES.bodyTooLarge };
  return status >= 400 && status < 500 ? { status, message: MESSAGES.badFormat } : null;
}

/** The provider named by the route's :provider, when it is one of `names` (never an Object.prototype name). */
export function providerParam<N extends string>(request: FastifyRequest, names: readonly N[]): N | undefined {
  const name = (request.params as { provider?: unknown } | undefined)?.provider;
  return names.find((n) => n === name);
}

/** `format` gives the provider's refusal body for a request, or undefined to answer with the app's envelope. */
export function answerRefusalsAs(
  app: FastifyInstance,
  format: (request: FastifyRequest, message: string) => unknown,
): void {
  app.setErrorHandler((error: Error, request, reply) => {
    const refusal = refusalOf(error);
    const body = refusal ? format(request, refusal.message) : undefined;
    // Thrown on, the error reaches the app's handler.
    if (!refusal || body === undefined) throw error;
    return reply.code(refusal.status).send(body);
  });
}
