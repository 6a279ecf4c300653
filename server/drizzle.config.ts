/**
 * drizzle-kit: `npm run db:generate` writes SQL migrations from the schema; they are committed and applied at start.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each feature keeps its tables in domains/<feature>/schema.ts; runtime/database/schema.ts holds the runtime's own.
  schema: ['./server/src/runtime/database/schema.ts', './server/src/domains/*/schema.ts'],
  out: './server/src/runtime/database/migrations',
  strict: true,
});
