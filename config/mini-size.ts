/**
 * Mini-program output size (the WeChat main package is budgeted at 600 KB by scripts/package-budget.mjs,
 * and features keep landing in it). These change how the same code is written out, not what it does.
 *
 * - Terser: Taro's mini defaults switch off most of terser's compress passes. The value-tracking ones (terser's
 *   own defaults) are turned back on, with two passes; still off as Taro has them: `comparisons` (create-react-app
 *   keeps it off for a known terser bug), `typeofs` (`typeof x == 'undefined'` rewritten to `x === void 0` would
 * throw for the host globals the runtime probes), `hoist_funs`, `hoist_vars`, `negate_iife`; `inline: 2` as
 * create-react-app.
 * - webpack writes its module wrappers and export getters as arrow functions (`()=>x` instead of
 *   `function(){return x}`, hundreds of them; webpack keeps `function` where a module needs `this`). Taro targets
 *   ES5 for webpack's own code only; our compiled sources already ship arrow functions to both platforms.
 * - webpack names modules and exports by how often they are used (`optimization.moduleIds` / `mangleExports`
 *   'size': `n(30)`, `t.a` instead of `n(6433)`, `t.CU`). The default 'deterministic' ids keep long-term caching
 *   of web chunks stable between builds; a mini-program package is replaced whole on each release.
 * - The templates (base.wxml / base.swan and the rest) lose the whitespace between their tags
 *   (TemplateWhitespacePlugin below), not through Taro's `minifyXML.collapseWhitespace`: that runs html-minifier,
 *   which reads the template as HTML and drops `</input>` (a void element in HTML), and WeChat's template compiler
 *   then refuses base.wxml with "expect end-tag 'input'".
 * - terser leaves the licence comments in place instead of extracting them to `vendors.js.LICENSE.txt`:
 *   WeChat does not upload a .txt file.
 */
export const MINI_TERSER = {
  enable: true,
  config: {
    compress: {
      collapse_vars: true,
      computed_props: true,
      hoist_props: true,
      inline: 2 as const,
      loops: true,
      passes: 2,
      properties: true,
      reduce_funcs: true,
      reduce_vars: true,
      switches: true,
    },
    // Mini-programs read UTF-8 scripts: Taro's default ascii_only writes each Chinese character as a 6-byte
    // \uXXXX escape, which alone cost the main package several KB.
    // Licence notices (`/*!`, `@license`) stay in the code, as WeChat does not upload the .LICENSE.txt terser would
    // otherwise extract them to (about 1.3 KB); Taro's default drops every comment.
    output: { ascii_only: false, comments: 'some' as const },
  },
};

/** The template files Taro writes for WeChat (.wxml) and Baidu (.swan). */
const TEMPLATE_FILE = /\.(wxml|swan)$/;

/**
 * Tags and text of a template: a tag runs to the first `>` outside quotes, so an attribute such as
 * `wx:if="{{a > b}}"` stays whole.
 */
const TAG_OR_TEXT = /<(?:"[^"]*"|'[^']*'|[^"'>])*>|[^<]+/g;

/** Inside a tag: quoted values as written, one space between attributes, none before the closing `>` or `/>`. */
function tidyTag(tag: string): string {
  return tag.replace(/"[^"]*"|'[^']*'|\s+/g, (part, at: number) =>
    part[0] === '"' || part[0] === "'" ? part : /^\/?>/.test(tag.slice(at + part.length)) ? '' : ' ',
  );
}

/**
 * Drops the whitespace-only text between tags (Taro's indentation) and the extra spaces inside tags; every tag,
 * attribute value and other text is kept as written.
 */
export function dropTemplateWhitespace(template: string): string {
  return template.replace(TAG_OR_TEXT, (token) => (token[0] === '<' ? tidyTag(token) : token.trim() ? token : ''));
}

interface Compiler {
  webpack: {
    Compilation: { PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE: number };
    sources: { RawSource: new (s: string) => unknown };
  };
  hooks: { thisCompilation: { tap(name: string, fn: (compilation: Compilation) => void): void } };
}
interface Compilation {
  hooks: {
    processAssets: {
      tap(
        o: { name: string; stage: number },
        fn: (assets: Record<string, { source(): string | Buffer }>) => void,
      ): void;
    };
  };
  updateAsset(name: string, source: unknown): void;
}

/** Applies dropTemplateWhitespace to every template Taro emitted (Taro writes them at an earlier stage). */
export class TemplateWhitespacePlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('TemplateWhitespacePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'TemplateWhitespacePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE },
        (assets) => {
          for (const [name, asset] of Object.entries(assets)) {
            if (TEMPLATE_FILE.test(name))
              compilation.updateAsset(name, new sources.RawSource(dropTemplateWhitespace(asset.source().toString())));
          }
        },
      );
    });
  }
}

interface Settable {
  set(key: string, value: unknown): Settable;
}
/** webpack-chain's optimization; its typings leave out `minimizers`, which it has. */
interface Minimizers {
  minimizers: { has(name: string): boolean };
  minimizer(name: string): { tap(fn: (args: Record<string, unknown>[]) => unknown[]): unknown };
}

/** For mini.webpackChain. */
export function miniOutputSize(chain: {
  output: Settable;
  optimization: Settable;
  plugin(name: string): { use(plugin: unknown): unknown };
}): void {
  chain.output.set('environment', { arrowFunction: true });
  chain.optimization.set('moduleIds', 'size').set('mangleExports', 'size');
  // Production builds only (Taro adds terser there; the watch build has no minimizer).
  const optimization = chain.optimization as unknown as Minimizers;
  if (optimization.minimizers.has('terserPlugin')) {
    optimization.minimizer('terserPlugin').tap(([options]) => [{ ...options, extractComments: false }]);
  }
  chain.plugin('template-whitespace').use(TemplateWhitespacePlugin);
}
