/**
 * Baidu's template rules for .swan files, checked without a Baidu compiler (none is published on npm).
 * Each rule cites the Baidu documentation page it comes from; mirrors are given where Baidu's own site was not
 * reachable from the stored copies we read.
 *
 * - Structure: SWAN describes an XML structure (视图层, https://smartprogram.baidu.com/docs/develop/framework/view/),
 *   so every element is closed explicitly or self-closed; htmlparser2 in xmlMode tracks the tags, and any close it
 *   had to imply (a mismatched end tag, or an element left open at the end of the file) is an error.
 * - Data binding (数据绑定, https://www.w3cschool.cn/baiduapp/baiduapp-vltb39ah.html): `{{ }}` interpolation,
 *   two-way binding only as a whole attribute value `{= expr =}`; control attributes need no braces.
 * - s-for (循环, https://smartprogram.baidu.com/docs/develop/framework/view_for/): `list`, `item in list`,
 *   `item, index in list`, each optionally followed by `trackBy expr`; s-for-item / s-for-index only beside s-for.
 * - s-if (条件, https://www.w3cschool.cn/baiduapp/baiduapp-84qf39aj.html): s-if and s-for may not sit on the same
 *   tag; s-elif / s-else follow an s-if / s-elif sibling directly (an element between them is an error); s-else
 *   has no value.
 * - template (模板, https://www.w3cschool.cn/baiduapp/baiduapp-npu639ak.html): templates do not nest; an object
 *   literal passed as `data` is wrapped in three braces `{{{ }}}`.
 * - import / include (引用, https://www.w3cschool.cn/baiduapp/baiduapp-hwis39an.html) and import-sjs with src
 *   (SJS, https://programbbs.com/tutorial/baiduapp/baiduapp-ex2639ap.html) are empty tags with a src.
 *
 * A directive's value is either one `{{ expression }}` or plain expression text: braces around part of it
 * (`item in {{list}}`) are the mixing that the pages above never show and Baidu's compiler refuses.
 */
import { Parser, type Handler } from 'htmlparser2';

/** Where a problem is (file:line:column, as compilers print it) and what it is. */
export const formatProblem = (p: SwanProblem) => `${p.file}:${p.line}:${p.column}: ${p.message}`;

export interface SwanProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

const DIRECTIVES = ['s-if', 's-elif', 's-for'] as const;
/** Tags that must stay empty: they only point at another file or name a template to render. */
const EMPTY_TAGS = new Set(['import', 'include']);
const IDENT = /^[A-Za-z_$][\w$]*$/;

/** Why an s-for value (without braces) is not `[item[, index] in] list [trackBy key]`; '' when it is. */
function sForProblem(value: string): string {
  const [loop, key, extra] = value.split(/\s+trackBy\s+/);
  if (extra !== undefined) return 'more than one trackBy';
  if (key !== undefined && !key.trim()) return 'trackBy without a key';
  const parts = loop.split(/\s+in\s+/);
  if (parts.length > 2) return 'more than one "in"';
  const list = parts[parts.length - 1].trim();
  if (!list || /\s+in$/.test(loop.trim())) return 'no list to loop over';
  if (parts.length === 2 && !parts[0].split(',').every((n) => IDENT.test(n.trim())))
    return `"${parts[0].trim()}" is not "item" or "item, index"`;
  return '';
}

interface Frame {
  name: string;
  line: number;
  attribs: Record<string, string>;
  /** The previous element child carried s-if or s-elif (so an s-elif / s-else may follow). */
  conditionOpen: boolean;
  mustBeEmpty: boolean;
}

function lineIndex(source: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  };
}

/** Problems with the `{{ }}` pairs of an attribute value or a text run ('' when it is well formed). */
export function mustacheProblem(value: string, allowTriple: boolean): string {
  let rest = value;
  while (rest.length) {
    const open = rest.indexOf('{{');
    const close = rest.indexOf('}}');
    if (open === -1) return close === -1 ? '' : 'a "}}" without its "{{"';
    if (close !== -1 && close < open) return 'a "}}" without its "{{"';
    const triple = rest[open + 2] === '{';
    if (triple && !allowTriple) return '"{{{ }}}" outside a template\'s data';
    const end = rest.indexOf(triple ? '}}}' : '}}', open + (triple ? 3 : 2));
    if (end === -1) return 'a "{{" without its "}}"';
    const inner = rest.slice(open + (triple ? 3 : 2), end);
    if (inner.includes('{{')) return 'a "{{" inside another "{{ }}"';
    if (!inner.trim()) return 'an empty "{{ }}"';
    rest = rest.slice(end + (triple ? 3 : 2));
  }
  return '';
}

const wholeMustache = (v: string) =>
  /^\s*\{\{(?!\{)[\s\S]*\}\}\s*$/.test(v) && v.indexOf('{{', v.indexOf('{{') + 2) === -1;

/** Checks one .swan file against the rules above; `file` names it in the problems. */
export function checkSwanTemplate(source: string, file: string): SwanProblem[] {
  const problems: SwanProblem[] = [];
  const lineAt = lineIndex(source);
  const stack: Frame[] = [{ name: '#root', line: 1, attribs: {}, conditionOpen: false, mustBeEmpty: false }];
  const report = (offset: number, message: string) => problems.push({ file, ...lineAt(offset), message });
  let text = '';
  let textStart = 0;
  let seen = new Set<string>();
  /** The raw end tag being processed, so that closes htmlparser2 implies around it can be told apart. */
  let rawClose: { name: string; offset: number } | null = null;
  let selfClosing = false;

  const flushText = () => {
    if (!text) return;
    const parent = stack[stack.length - 1];
    if (text.trim()) {
      parent.conditionOpen = false;
      if (parent.mustBeEmpty) report(textStart, `<${parent.name}> must be empty, found text`);
      if (/\{=|=\}/.test(text)) report(textStart, 'two-way binding "{= =}" is only allowed as a whole attribute value');
      const why = mustacheProblem(text, false);
      if (why) report(textStart, `text: ${why}`);
    }
    text = '';
  };

  const checkElement = (name: string, attribs: Record<string, string>, offset: number, parent: Frame) => {
    if (parent.mustBeEmpty) report(offset, `<${parent.name}> (line ${parent.line}) must be empty, found <${name}>`);
    const has = (a: string) => Object.prototype.hasOwnProperty.call(attribs, a);
    if (has('s-if') && has('s-for'))
      report(offset, `<${name}> carries both s-if and s-for: Baidu forbids them on one tag`);
    if ((has('s-elif') || has('s-else')) && !parent.conditionOpen) {
      report(
        offset,
        `<${name} ${has('s-elif') ? 's-elif' : 's-else'}> does not directly follow an s-if / s-elif sibling`,
      );
    }
    if ([has('s-if'), has('s-elif'), has('s-else')].filter(Boolean).length > 1)
      report(offset, `<${name}> carries more than one of s-if / s-elif / s-else`);
    for (const d of DIRECTIVES) {
      if (!has(d)) continue;
      const v = attribs[d];
      if (!v.trim()) report(offset, `${d} has no expression`);
      else if (v.includes('{{') || v.includes('}}')) {
        if (!wholeMustache(v))
          report(
            offset,
            `${d}="${v}" mixes "{{ }}" with plain text: write the whole expression with or without braces`,
          );
      } else if (d === 's-for' && sForProblem(v)) report(offset, `s-for="${v}": ${sForProblem(v)}`);
    }
    if ((has('s-for-item') || has('s-for-index')) && !has('s-for'))
      report(offset, 's-for-item / s-for-index without s-for');

    const templateAncestor = stack.find((f) => f.name === 'template' && f.attribs.name !== undefined);
    if (name === 'template') {
      if (has('name') === has('is')) report(offset, '<template> needs exactly one of name (to define) or is (to use)');
      if (has('name') && templateAncestor)
        report(
          offset,
          `template "${attribs.name}" is defined inside template "${templateAncestor.attribs.name}": templates do not nest`,
        );
      if (has('data')) {
        const data = attribs.data.trim();
        const literal = /^\{\{\{[\s\S]*\}\}\}$/.test(data);
        const variable = /^\{\{\s*(?:\.\.\.)?[A-Za-z_$][\w$.[\]'"]*\s*\}\}$/.test(data);
        if (!literal && !variable)
          report(offset, `template data="${attribs.data}": an object literal goes in "{{{ }}}", a variable in "{{ }}"`);
      }
    }
    if (EMPTY_TAGS.has(name) && !has('src')) report(offset, `<${name}> needs src`);
    if (name === 'import-sjs' && !has('module')) report(offset, '<import-sjs> needs module');
  };

  const handler: Partial<Handler> = {
    onopentagname() {
      flushText();
      seen = new Set();
    },
    onattribute(name, value, quote) {
      const offset = parser.startIndex;
      if (seen.has(name)) report(offset, `attribute ${name} appears twice`);
      seen.add(name);
      if (name === 's-else') {
        if (quote !== undefined) report(offset, 's-else takes no value');
        return;
      }
      if (quote === undefined) report(offset, `attribute ${name} has no value (only s-else may stand alone)`);
      else if (quote === null) report(offset, `attribute ${name}=${value} is not quoted`);
      const twoWay = /^\{=[\s\S]*=\}$/.test(value.trim());
      if (!twoWay && /\{=|=\}/.test(value))
        report(offset, `attribute ${name}: two-way binding "{= =}" must be the whole value`);
      if (!twoWay) {
        const why = mustacheProblem(value, name === 'data');
        if (why) report(offset, `attribute ${name}: ${why}`);
      }
    },
    onopentag(name, attribs) {
      const offset = parser.startIndex;
      const parent = stack[stack.length - 1];
      checkElement(name, attribs, offset, parent);
      parent.conditionOpen = 's-if' in attribs || 's-elif' in attribs;
      const mustBeEmpty =
        EMPTY_TAGS.has(name) || (name === 'template' && 'is' in attribs) || (name === 'import-sjs' && 'src' in attribs);
      stack.push({ name, line: lineAt(offset).line, attribs, conditionOpen: false, mustBeEmpty });
    },
    ontext(data) {
      if (!text) textStart = parser.startIndex;
      text += data;
    },
    onclosetag(name, isImplied) {
      flushText();
      const frame = stack.pop();
      if (!frame) return;
      if (selfClosing) {
        selfClosing = false;
        return;
      }
      if (rawClose && rawClose.name === name && !isImplied) {
        rawClose = null;
        return;
      }
      if (rawClose)
        report(
          rawClose.offset,
          `</${rawClose.name}> closes <${name}> (line ${frame.line}) implicitly: <${name}> is never closed`,
        );
      else report(source.length, `<${name}> opened at line ${frame.line} is never closed`);
    },
  };

  class TrackingParser extends Parser {
    override onclosetag(start: number, endIndex: number): void {
      const name = source.slice(start, endIndex).trim();
      flushText();
      // `start` is where the name begins, two characters after "</".
      if (!stack.some((f) => f.name === name)) report(start - 2, `</${name}> closes nothing that is open`);
      rawClose = { name, offset: start - 2 };
      super.onclosetag(start, endIndex);
      rawClose = null;
    }
    override onselfclosingtag(endIndex: number): void {
      selfClosing = true;
      super.onselfclosingtag(endIndex);
      selfClosing = false;
    }
  }

  const parser = new TrackingParser(handler, { xmlMode: true });
  parser.parseComplete(source);
  return problems;
}
