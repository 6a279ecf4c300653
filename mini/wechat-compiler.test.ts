/**
 * WeChat's own compilers on the built WeChat package (DESIGN.md §7): wcc compiles every template and wcsc every
 * style sheet of dist/weapp, as the developer tools do before preview and upload, and a failure carries WeChat's
 * own message (e.g. `base.wxml:1:5909: expect end-tag 'input'`). The package must also hold only files WeChat
 * uploads. Bundles come from MINI_DIST_ROOT (default dist/, as scripts/test.sh builds them).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { compileStyles, compileTemplates, notUploadable, packageFiles } from './wechat-compiler';

const DIST = join(resolve(__dirname, '..', process.env.MINI_DIST_ROOT || 'dist'), 'weapp');
const built = existsSync(join(DIST, 'app.json'));

describe(`WeChat's compilers on ${DIST}`, () => {
  it('is built', () => {
    assert.ok(
      built,
      `no ${DIST}/app.json: build it first (npx taro build --type weapp, or set MINI_DIST_ROOT to a TARO_OUTPUT_ROOT)`,
    );
  });
  if (!built) return;

  it('wcc compiles every .wxml', () => {
    const templates = packageFiles(DIST).filter((f) => f.endsWith('.wxml'));
    assert.ok(templates.includes('base.wxml'), 'no base.wxml in the package');
    const js = compileTemplates(DIST);
    // wcc lists every template it compiled in what it writes.
    const missing = templates.filter((t) => !js.includes(`'${t}'`));
    assert.deepEqual(missing, [], 'templates wcc did not compile');
  });

  it('wcsc compiles every .wxss', () => {
    // A sheet that only others import (common.wxss, sub-vendors.wxss) is compiled into them, not on its own.
    const pages = packageFiles(DIST).filter(
      (f) => f.endsWith('.wxss') && existsSync(join(DIST, f.replace(/\.wxss$/, '.json'))),
    );
    const compiled = compileStyles(DIST);
    assert.deepEqual(
      pages.filter((p) => !(p in compiled)),
      [],
      'page and component style sheets wcsc did not compile',
    );
  });

  it('holds only files WeChat uploads', () => {
    assert.deepEqual(
      notUploadable(DIST),
      [],
      'files the WeChat developer tools will not upload (not in its allowed file types)',
    );
  });
});
