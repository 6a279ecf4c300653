// Run by scripts/test-server.sh around the server tests: `make-database-template.ts [--drop] <archive path or name>`.
import { dropTemplate, writeTemplate } from './helpers/database-template';

const drop = process.argv[2] === '--drop';
const target = process.argv[drop ? 3 : 2];
(drop ? dropTemplate(target) : writeTemplate(target)).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
