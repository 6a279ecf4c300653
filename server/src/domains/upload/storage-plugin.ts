/**
 * Hands every route the storage provider (domains/upload/service.ts) as `app.storage`: uploads, feedback, after-sales.
 */
import type { FastifyInstance } from 'fastify';
import type { StorageProvider } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageProvider;
  }
}

export function registerStorage(app: FastifyInstance, storage: StorageProvider): void {
  app.decorate('storage', storage);
}
