/**
 * Mini-program output size (issue 17: the WeChat main package is budgeted at 600 KB by scripts/package-budget.mjs,
 * and features keep landing in it). These change how the same code is written out, not what it does.
 *
 * - Terser: Taro's mini defaults switch off most of terser's compress passes. The value-tracking ones (terser's
 *   own defaults) are turned back on, with two passes; still off as Taro has them: `comparisons` (create-react-app
 *   keeps it off for a known terser bug), `typeofs` (`typeof x == 'undefined'` rewritten to `x === void 0` would
 *   throw for the host globals the runtime probes), `hoist_funs`, `hoist_vars`, `negate_iife`; `inline: 2` as create-react-app.
 * - webpack writes its module wrappers and export getters as arrow functions (`()=>x` instead of
 *   `function(){return x}`, hundreds of them; webpack keeps `function` where a module needs `this`). Taro targets
 *   ES5 for webpack's own code only; our compiled sources already ship arrow functions to both platforms.
 * - webpack names modules and exports by how often they are used (`optimization.moduleIds` / `mangleExports`
 *   'size': `n(30)`, `t.a` instead of `n(6433)`, `t.CU`). The default 'deterministic' ids keep long-term caching
 *   of web chunks stable between builds; a mini-program package is replaced whole on each release.
 * - Taro's own option to write the base template (base.wxml / base.swan) without indentation.
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
    output: { ascii_only: false },
  },
};

export const MINI_MINIFY_XML = { collapseWhitespace: true };

interface Settable {
  set(key: string, value: unknown): Settable;
}

/** For mini.webpackChain. */
export function miniOutputSize(chain: { output: Settable; optimization: Settable }): void {
  chain.output.set('environment', { arrowFunction: true });
  chain.optimization.set('moduleIds', 'size').set('mangleExports', 'size');
}
