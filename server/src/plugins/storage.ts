/** Hands every route the storage provider (services/storage.ts) as `app.storage`: uploads, feedback, after-sales. */
import type { FastifyInstance } from 'fastify';
import type { StorageProvider } from '../services/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageProvider;
  }
}

export function registerStorage(app: FastifyInstance, storage: StorageProvider): void {
  app.decorate('storage', storage);
}
