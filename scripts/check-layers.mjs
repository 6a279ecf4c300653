// The layer rules of DESIGN.md §2 and §4 that a typecheck cannot see:
// - nothing under server/ imports the storefront (src/): rules both sides compute live in contract/rules;
// - nothing under src/ brings zod in at run time, directly or through a contract file it imports for values
//   (`import type` is erased, so it is fine); the client only validates with plain rules;
// - src/domain and contract/rules stay pure: no Taro, React or MobX (and contract/rules no zod at run time);
// - the server keeps its feature layout (below).
// Imports are read with the TypeScript parser, so comments, strings and type-only imports are told apart.
// Prints file:line and the import for each offence; exits 1 when there is any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const SRC = join(root, 'src');
const CONTRACT = join(root, 'contract');
const EXTS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx'];
const UI = /^(@tarojs\/|react$|react\/|react-dom(\/|$)|mobx(-react-lite)?(\/|$)|taro-ui(\/|$))/;
const ZOD = /^zod(\/|$)/;

const inside = (file, dir) => file === dir || file.startsWith(dir + sep);
const rel = (file) => relative(root, file);

function sourceFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (EXTS.some((x) => e.name.endsWith(x)) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Every module a file names: { spec, line, text, typeOnly }. */
const importCache = new Map();
function importsOf(file) {
  if (importCache.has(file)) return importCache.get(file);
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out = [];
  const add = (node, spec, typeOnly) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    out.push({ spec, line: line + 1, text: text.split('\n')[line].trim(), typeOnly });
  };
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      let typeOnly;
      if (ts.isImportDeclaration(node)) {
        const c = node.importClause;
        // `import type {...}`, or `import { type A, type B }` with no default: both are erased at build time.
        const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : null;
        typeOnly =
          !!c && (c.isTypeOnly || (!c.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      } else {
        const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
        typeOnly = node.isTypeOnly || (!!named && named.length > 0 && named.every((e) => e.isTypeOnly));
      }
      add(node, node.moduleSpecifier.text, typeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const e = node.moduleReference.expression;
      if (ts.isStringLiteral(e)) add(node, e.text, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteralLike(node.arguments[0])) {
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isImport || isRequire) add(node, node.arguments[0].text, false);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node, node.argument.literal.text, true); // typeof import('x'): a type
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  importCache.set(file, out);
  return out;
}

/** Where a specifier points inside the repository (both sides' aliases), or null for a package. */
function target(spec, fromFile) {
  if (spec.startsWith('.')) return resolve(dirname(fromFile), spec);
  if (spec.startsWith('@contract/')) return join(CONTRACT, spec.slice('@contract/'.length));
  if (spec.startsWith('@/')) return join(SRC, spec.slice(2));
  return null;
}

/** The source file a repository path names (with its extension or an index file), if it exists. */
function fileOf(path) {
  if (existsSync(path) && statSync(path).isFile()) return path;
  for (const x of EXTS) if (existsSync(path + x)) return path + x;
  for (const x of EXTS) if (existsSync(join(path, 'index' + x))) return join(path, 'index' + x);
  return null;
}

/** The zod import reached at run time from a contract file through its value imports, as a chain, or null. */
function zodChain(file, seen = new Set()) {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const imp of importsOf(file)) {
    if (imp.typeOnly) continue;
    if (ZOD.test(imp.spec)) return [`${rel(file)}:${imp.line}: ${imp.text}`];
    const t = target(imp.spec, file);
    const next = t && fileOf(t);
    if (next && inside(next, CONTRACT)) {
      const rest = zodChain(next, seen);
      if (rest) return [`${rel(file)}:${imp.line}: ${imp.text}`, ...rest];
    }
  }
  return null;
}

const offences = [];
const offend = (file, imp, why, via = []) =>
  offences.push(`${rel(file)}:${imp.line}: ${why}\n    ${imp.text}${via.map((v) => `\n      via ${v}`).join('')}`);

for (const file of sourceFiles(join(root, 'server'))) {
  for (const imp of importsOf(file)) {
    const t = target(imp.spec, file);
    if (t && inside(t, SRC))
      offend(file, imp, 'server/ imports the storefront (src/); shared rules belong in contract/rules');
  }
}

for (const file of sourceFiles(SRC)) {
  const pure = inside(file, join(SRC, 'domain'));
  for (const imp of importsOf(file)) {
    if (pure && UI.test(imp.spec)) offend(file, imp, 'src/domain is pure: no Taro, React or MobX imports');
    if (imp.typeOnly) continue;
    if (ZOD.test(imp.spec)) {
      offend(file, imp, 'src/ imports zod at run time (use `import type`)');
      continue;
    }
    const t = target(imp.spec, file);
    const f = t && inside(t, CONTRACT) ? fileOf(t) : null;
    const chain = f && zodChain(f);
    if (chain) offend(file, imp, 'src/ reaches zod at run time through a contract file (use `import type`)', chain);
  }
}

const RULES = join(CONTRACT, 'rules');
if (existsSync(RULES)) {
  for (const file of sourceFiles(RULES)) {
    for (const imp of importsOf(file)) {
      if (UI.test(imp.spec)) offend(file, imp, 'contract/rules runs on both sides: no Taro, React or MobX imports');
      if (!imp.typeOnly && ZOD.test(imp.spec))
        offend(file, imp, 'contract/rules ships in the storefront: no zod at run time');
      const t = target(imp.spec, file);
      if (t && inside(t, SRC)) offend(file, imp, 'contract/rules imports the storefront (src/)');
    }
  }
}

// The server's feature layout (DESIGN.md §2, §4): server/src/domains/<feature>/ and server/src/runtime/.
// - nothing in domains/ knows which database driver it runs on (runtime/database decides);
// - a route file imports only its own domain, runtime/, config and contract/;
// - no file imports another domain's routes, and a service never imports routes.
const DOMAINS = join(root, 'server', 'src', 'domains');
const DRIVER = /^(@electric-sql\/pglite|pg|pg-pool|postgres|drizzle-orm\/(pglite|node-postgres|postgres-js))(\/|$)/;
const isRoute = (file) => /(^|-)routes\.ts$/.test(file.split(sep).pop());
const domainOf = (file) => (inside(file, DOMAINS) ? relative(DOMAINS, file).split(sep)[0] : null);
if (existsSync(DOMAINS)) {
  for (const file of sourceFiles(DOMAINS)) {
    const own = domainOf(file);
    const text = readFileSync(file, 'utf8');
    const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const driverWord = code.search(/pglite/i);
    if (driverWord >= 0) {
      const line = code.slice(0, driverWord).split('\n').length;
      offend(
        file,
        { line, text: code.split('\n')[line - 1].trim() },
        'domains/ must not know the database driver (runtime/database decides)',
      );
    }
    for (const imp of importsOf(file)) {
      if (DRIVER.test(imp.spec)) offend(file, imp, 'domains/ must not import a database driver');
      const t = target(imp.spec, file);
      const f = t && fileOf(t);
      if (!f) continue;
      const theirs = domainOf(f);
      if (theirs && theirs !== own && isRoute(f)) offend(file, imp, "a domain imports another domain's routes");
      if (!isRoute(file) && isRoute(f)) offend(file, imp, 'a service imports routes');
      if (isRoute(file) && theirs && theirs !== own && !imp.typeOnly)
        offend(file, imp, 'a route imports another domain (call its own service, which may)');
    }
  }
}

if (offences.length) {
  console.error(`Layer check failed (${offences.length}):\n${offences.join('\n')}`);
  process.exit(1);
}
console.log(
  'layers ok: server/ never imports src/, no zod at run time in src/, src/domain and contract/rules are pure, features keep to their own routes',
);
