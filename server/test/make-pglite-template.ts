// Run by scripts/test-server.sh before the server tests: `make-pglite-template.ts <archive path>`.
import { writeTemplate } from './helpers/pglite-template';

writeTemplate(process.argv[2]).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
