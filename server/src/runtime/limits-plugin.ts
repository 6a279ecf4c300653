/** Hands every route the rate limits (runtime/limits.ts) as `app.limits`, over the limiter the app was given. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Limiter } from './limiter';
import { RequestLimits } from './limits';

declare module 'fastify' {
  interface FastifyInstance {
    limits: RequestLimits;
  }
}

export function registerLimits(app: FastifyInstance, config: Config['limits'], store: Limiter): void {
  app.decorate('limits', new RequestLimits(store, config));
}
