import { readFileSync, readdirSync, statSync } from 'fs';
import { join } from 'path';

/**
 * styles/icons.scss carries only the taro-ui icons the storefront names (scripts/icon-font.py, for the package
 * budget). Every icon name written in src must be in it, or the icon would render as nothing.
 */
const SRC = join(__dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(tsx?|scss)$/.test(name) ? [p] : [];
  });
}

/**
 * Icon names as the code writes them: AtIcon or Icon (components/icon) value="x" / value={c === 'k' ? 'x' : 'y'}, icon:
 * 'x', icon = 'x', at-icon-x.
 */
function namedIcons(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/<(?:AtIcon|Icon)\b[^>]*?value=(\{[^}]*\}|"[^"]*")/g))
    names.push(...Array.from(m[1].matchAll(/(?<![=!]== )['"]([a-z0-9-]+)['"]/g), (x) => x[1]));
  for (const m of text.matchAll(/\bicon(?::| =) '([a-z0-9-]+)'/g)) names.push(m[1]);
  for (const m of text.matchAll(/\bat-icon-([a-z0-9-]+)/g)) names.push(m[1]);
  return names;
}

test('every icon the storefront names is in the cut-down icon font', () => {
  const font = readFileSync(join(SRC, 'styles/icons.scss'), 'utf8');
  const inFont = new Set(Array.from(font.matchAll(/\.at-icon-([a-z0-9-]+)::before/g), (m) => m[1]));
  expect(inFont.size).toBeGreaterThan(20);
  const files = sources(SRC).filter((f) => !f.endsWith('icons.scss'));
  const used = new Set(files.flatMap((f) => namedIcons(readFileSync(f, 'utf8'))));
  // toast(title, 'none' | 'success') is not an AtIcon.
  used.delete('none');
  used.delete('success');
  expect(used.size).toBeGreaterThan(10);
  expect(Array.from(used).filter((name) => !inFont.has(name))).toEqual([]);
});
