/**
 * dist/swan against Baidu's published rules (no Baidu compiler is on npm): every .swan file through the
 * template rules of mini/swan-rules.ts, and app.json and the package sizes against Baidu's limits.
 * The rules are first run on known-bad templates, so a check that stopped finding anything fails here too.
 * Bundles come from MINI_DIST_ROOT (default dist/, as scripts/test.sh builds them).
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { checkSwanTemplate, formatProblem } from './swan-rules';

const DIST = join(resolve(__dirname, '..', process.env.MINI_DIST_ROOT || 'dist'), 'swan');

/**
 * Baidu's 普通分包 page (https://smartprogram.baidu.com/docs/develop/framework/subpackages/, mirrored at
 * https://www.w3cschool.cn/baiduapp/baiduapp-p7wz39bg.html): "整个小程序所有分包大小不超过 8M，单个分包/主包大小不能
 * 超过 2M"; tabBar pages stay in the main package and a sub-package root may not lie inside another.
 */
const MB = 1024 * 1024;
const PACKAGE_LIMIT = 2 * MB;
const TOTAL_LIMIT = 8 * MB;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

const problemsOf = (source: string) => checkSwanTemplate(source, 'bad.swan').map(formatProblem);

describe('the swan template rules find known-bad templates', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['an element left open', '<view>\n<text>a</text>\n', /bad\.swan:\d+:\d+: <view> opened at line 1 is never closed/],
    [
      'a mismatched end tag',
      '<view>\n  <input value="{{v}}">\n</view>',
      /bad\.swan:3:1: <\/view> closes <input> \(line 2\) implicitly/,
    ],
    ['an end tag with nothing open', '<view></view>\n</text>', /bad\.swan:2:1: <\/text> closes nothing/],
    ['s-if and s-for on one tag', '<view s-for="list" s-if="ok">x</view>', /both s-if and s-for/],
    ['braces around part of s-for', '<view s-for="item in {{list}}">x</view>', /mixes "\{\{ \}\}" with plain text/],
    ['a malformed s-for', '<view s-for="a b in list">x</view>', /is not "item" or "item, index"/],
    [
      's-else after another element',
      '<view s-if="a">1</view>\n<view>2</view>\n<view s-else>3</view>',
      /bad\.swan:3:1: <view s-else> does not directly follow/,
    ],
    ['a value on s-else', '<view s-if="a">1</view><view s-else="b">2</view>', /s-else takes no value/],
    [
      'an object literal in double braces',
      '<template is="card" data="{{ a: 1 }}"/>',
      /an object literal goes in "\{\{\{ \}\}\}"/,
    ],
    [
      'nested template definitions',
      '<template name="a"><template name="b"><view/></template></template>',
      /templates do not nest/,
    ],
    ['an unquoted attribute', '<view class=x>1</view>', /attribute class=x is not quoted/],
    ['an unclosed interpolation', '<view class="{{a">1</view>', /a "\{\{" without its "\}\}"/],
    ['two-way binding inside text', '<input value="a{= v =}"/>', /must be the whole value/],
    ['content in an include', '<include src="a.swan"><view/></include>', /must be empty/],
  ];
  for (const [what, source, expected] of cases) {
    it(what, () => {
      const found = problemsOf(source);
      assert.ok(
        found.some((p) => expected.test(p)),
        `expected ${expected} among:\n${found.join('\n') || '(no problems found)'}`,
      );
    });
  }

  it('passes what Baidu documents', () => {
    const good = [
      '<import-sjs src="./utils.sjs" module="utils"/>',
      '<template name="card"><view s-for="p, index in persons trackBy p.id">{{index}}: {{p.name}}</view></template>',
      '<template is="card" data="{{{ persons: list }}}"/>',
      '<view s-if="is4G">4G</view>\n<view s-elif="{{isWifi}}">Wifi</view>\n<view s-else>Other</view>',
      '<scroll-view scroll-top="{= scrollTop =}"><text>{{ a > b ? a : b }}</text></scroll-view>',
    ].join('\n');
    assert.deepEqual(problemsOf(good), []);
  });
});

describe('dist/swan', () => {
  const built = existsSync(join(DIST, 'app.json'));
  const skip = built
    ? false
    : `${relative(process.cwd(), DIST)}/app.json is missing: build swan first (taro build --type swan)`;

  it("every .swan file follows Baidu's template rules", { skip }, () => {
    const templates = filesUnder(DIST).filter((f) => f.endsWith('.swan'));
    assert.ok(templates.length > 0, 'no .swan files in the build');
    const problems = templates.flatMap((f) => checkSwanTemplate(readFileSync(f, 'utf8'), relative(DIST, f)));
    assert.deepEqual(problems.map(formatProblem), []);
  });

  it('app.json declares pages that exist, tabBar pages in the main package, sub-package roots apart', { skip }, () => {
    const app = JSON.parse(readFileSync(join(DIST, 'app.json'), 'utf8')) as {
      pages: string[];
      subPackages?: Array<{ root: string; pages: string[] }>;
      tabBar?: { list: Array<{ pagePath: string }> };
    };
    const subs = (app.subPackages ?? []).map((s) => ({ root: s.root.replace(/\/+$/, ''), pages: s.pages }));
    const wrong: string[] = [];
    const pages = [...app.pages, ...subs.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))];
    for (const page of pages) {
      for (const ext of ['.swan', '.js'])
        if (!existsSync(join(DIST, page + ext))) wrong.push(`${page}${ext} is missing`);
    }
    for (const tab of app.tabBar?.list ?? []) {
      if (!app.pages.includes(tab.pagePath)) wrong.push(`tabBar page ${tab.pagePath} is not in the main package`);
    }
    for (const a of subs) {
      for (const b of subs)
        if (a !== b && `${a.root}/`.startsWith(`${b.root}/`)) wrong.push(`sub-package ${a.root} lies inside ${b.root}`);
    }
    assert.deepEqual(wrong, []);
  });

  it('the main package and each sub-package are within 2 MB, all together within 8 MB', { skip }, () => {
    const app = JSON.parse(readFileSync(join(DIST, 'app.json'), 'utf8')) as { subPackages?: Array<{ root: string }> };
    const roots = (app.subPackages ?? []).map((s) => s.root.replace(/\/+$/, ''));
    const sizes = new Map<string, number>([['main', 0], ...roots.map((r): [string, number] => [r, 0])]);
    for (const f of filesUnder(DIST)) {
      const rel = relative(DIST, f);
      // Source maps and the project file are not uploaded with the package.
      if (rel.endsWith('.map') || rel.startsWith('project.')) continue;
      const owner = roots.find((r) => rel.startsWith(`${r}/`)) ?? 'main';
      sizes.set(owner, (sizes.get(owner) ?? 0) + statSync(f).size);
    }
    const over = [...sizes]
      .filter(([, size]) => size > PACKAGE_LIMIT)
      .map(([name, size]) => `${name}: ${(size / MB).toFixed(2)} MB`);
    assert.deepEqual(over, [], "over Baidu's 2 MB per package");
    const total = [...sizes.values()].reduce((a, b) => a + b, 0);
    assert.ok(total <= TOTAL_LIMIT, `all packages: ${(total / MB).toFixed(2)} MB, over Baidu's 8 MB`);
  });

  /**
   * Baidu grants subscribe messages only through <form report-submit report-type="subscribe" template-id
   * subscribe-id> and its form-type="submit" button (组件 form, https://smartprogram.baidu.com/docs/develop/component/
   * formlist_form/). Taro passes Form's props through its shared base template, so both halves are checked: the
   * template binds those attributes, and the pay-result and refund-apply screens' code sets them.
   */
  it('the pay-result and refund-apply buttons are Baidu subscribe forms', { skip }, () => {
    const base = readFileSync(join(DIST, 'base.swan'), 'utf8');
    const form = base.match(/<form\s[^>]*>/)?.[0] ?? '';
    for (const attr of ['report-submit', 'report-type', 'template-id', 'subscribe-id'])
      assert.match(form, new RegExp(`\\s${attr}="\\{\\{[^"]*i\\.\\w+[^"]*\\}\\}"`), `base.swan <form> binds ${attr}`);
    assert.match(form, /\sbindsubmit="\w+"/, 'base.swan <form> reports its submit');
    assert.match(base.match(/<button\s[^>]*>/)?.[0] ?? '', /\sform-type="\{\{[^"]+\}\}"/, '<button> binds form-type');
    for (const root of ['subpackages/order', 'subpackages/result']) {
      const code = filesUnder(join(DIST, root))
        .filter((f) => f.endsWith('.js'))
        .map((f) => readFileSync(f, 'utf8'))
        .join('\n');
      for (const prop of [
        /reportSubmit:!0/,
        /reportType:"subscribe"/,
        /templateId:/,
        /subscribeId:/,
        /formType:"submit"/,
      ])
        assert.match(code, prop, `${root}: the subscribe form sets ${prop.source}`);
    }
  });
});
