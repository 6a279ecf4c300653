/** drizzle-kit: `npm run db:generate` writes SQL migrations from the schema; they are committed and applied at start. */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // schema.ts holds the skeleton's tables; each later domain adds a file under schema/.
  schema: ['./server/src/db/schema.ts', './server/src/db/schema/*.ts'],
  out: './server/src/db/migrations',
  strict: true,
});
