/**
 * WeChat's own template and style compilers (wcc / wcsc, shipped for Linux in the npm package miniprogram-compiler)
 * over a built WeChat package, as the developer tools run them before preview and upload; and the file types
 * WeChat uploads at all.
 */
import { readdirSync } from 'node:fs';
import { extname } from 'node:path';

// The package has no typings: the two entry points used here, typed as they behave.
const { wxmlToJs } = require('miniprogram-compiler') as { wxmlToJs(root: string, options?: object): string };
// wxssToJs reads its result off the Error that wcsc returns and throws a TypeError instead of WeChat's message,
// so the styles go to wcsc through the module wxssToJs itself calls.
const wcsc = require('miniprogram-compiler/src/wcsc') as (
  root: string,
  files: string[],
  options?: object,
) => Record<string, string> | Error;

/** A whole app's compiled templates are a few MB of JavaScript; the package's default buffer is 1 MB. */
export const COMPILER_OPTIONS = { maxBuffer: 128 * 1024 * 1024 };

/** Every file of the package, relative to its root, with / separators. */
export function packageFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `${e.parentPath ?? e.path}/${e.name}`.slice(root.length + 1).replace(/\\/g, '/'))
    .sort();
}

/**
 * wcc over every .wxml of the package. Returns the generated JavaScript (its body returns WeChat's `$gwx`);
 * throws WeChat's own message (file:line:column: what it expected) when a template does not compile.
 */
export function compileTemplates(root: string): string {
  return wxmlToJs(root, COMPILER_OPTIONS);
}

/** wcsc over every .wxss of the package; throws WeChat's own message when a style sheet does not compile. */
export function compileStyles(root: string): Record<string, string> {
  const sheets = packageFiles(root)
    .filter((f) => f.endsWith('.wxss'))
    .map((f) => f.slice(0, -'.wxss'.length));
  const result = wcsc(root, sheets, COMPILER_OPTIONS);
  if (result instanceof Error) throw result;
  return result;
}

/**
 * What the WeChat developer tools upload (developers.weixin.qq.com/miniprogram/dev/framework/structure.html,
 * "允许上传的文件"): the compiled js, json, wxml and wxss, and otherwise only files with these suffixes.
 */
export const UPLOADABLE = new Set([
  'js',
  'json',
  'wxml',
  'wxss',
  'wxs',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'svg',
  'cer',
  'cert',
  'mp3',
  'aac',
  'm4a',
  'mp4',
  'wav',
  'ogg',
  'silk',
  'wasm',
  'br',
]);

/** Files of the package that WeChat will not upload (a licence .txt, a source map...). */
export function notUploadable(root: string): string[] {
  return packageFiles(root).filter((f) => !UPLOADABLE.has(extname(f).slice(1).toLowerCase()));
}
