/**
 * What a page shows, read from the data Taro's runtime hands to setData (the tree the WXML / SWAN templates
 * render): text nodes carry their text in `v`; elements carry their attributes under short keys that the built
 * base template names; inputs show `value` or their `placeholder`, rich-text the text of its `nodes`.
 */

/**
 * For each node name (`nn`) Taro's template renders: the tag, and the real attribute behind each short key (p0, p1,
 * ...).
 */
export type ComponentAliases = Record<string, { tag: string; attrs: Record<string, string> }>;

/**
 * Reads the aliases from the built base template (base.wxml / base.swan). Taro writes each component once per
 * template, as `<input value="{{i.p25}}" ...>` under `<template name="tmpl_0_33">` (weapp) or behind
 * `item.nn==='29'` (swan); what the page's data means is exactly what that template would render.
 */
export function readComponentAliases(template: string): ComponentAliases {
  const aliases: ComponentAliases = {};
  let current = '';
  for (const m of template.matchAll(/<template name="tmpl_\d+_(\w+?)(?:_focus)?">|<([a-z][\w-]*)\s([^>]*)>/g)) {
    if (m[1] !== undefined) {
      current = m[1];
      continue;
    }
    const [, , tag, attrText] = m;
    if (tag === 'template' || tag === 'block' || tag === 'import') continue;
    const nn = /nn\s*===?\s*'(\w+)'/.exec(attrText)?.[1] ?? current;
    if (!nn) continue;
    const entry = (aliases[nn] ??= { tag, attrs: {} });
    for (const a of attrText.matchAll(/([\w:-]+)="([^"]*)"/g)) {
      const key = /\b(?:i|item)\.(p\d+)\b/.exec(a[2])?.[1];
      if (key && !(key in entry.attrs)) entry.attrs[key] = a[1];
    }
  }
  return aliases;
}

export interface RenderedElement {
  tag: string;
  attrs: Record<string, unknown>;
}

/** An element's tag and attributes under their real names; text nodes (with `v`) are not elements. */
export function decodeElement(node: Record<string, unknown>, aliases: ComponentAliases): RenderedElement {
  const alias = aliases[String(node.nn)];
  const attrs: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (k !== 'cn' && k !== 'nn') attrs[alias?.attrs[k] ?? k] = v;
  return { tag: alias?.tag ?? String(node.nn), attrs };
}

/** Strips tags and decodes the few entities the sanitiser emits, so rich text reads as a person sees it. */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** rich-text `nodes` is an HTML string or an array of { name, attrs, children } / { type: 'text', text }. */
export function richNodesText(nodes: unknown, out: string[]): void {
  if (typeof nodes === 'string') out.push(htmlText(nodes));
  else if (Array.isArray(nodes)) for (const n of nodes) richNodesText(n, out);
  else if (nodes && typeof nodes === 'object') {
    const n = nodes as { text?: unknown; children?: unknown };
    if (typeof n.text === 'string') out.push(n.text);
    richNodesText(n.children, out);
  }
}

/**
 * Visits every node of the rendered tree (Taro's setData tree: arrays of children, `cn` for a node's children)
 * in document order; `visit` answers false to skip a node's children (a text node has none).
 */
function walkNodes(root: unknown, visit: (node: Record<string, unknown>) => boolean | void): void {
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (visit(n) !== false) walk(n.cn);
  };
  walk((root as { root?: unknown })?.root ?? root);
}

/** Every element of the rendered tree, in document order. */
export function renderedElements(root: unknown, aliases: ComponentAliases): RenderedElement[] {
  const out: RenderedElement[] = [];
  walkNodes(root, (n) => {
    if (n.nn !== undefined && typeof n.v !== 'string') out.push(decodeElement(n, aliases));
  });
  return out;
}

/** Every piece of text a person would read: text nodes, input values (or placeholders) and rich text. */
export function renderedTexts(root: unknown, aliases: ComponentAliases): string[] {
  const out: string[] = [];
  walkNodes(root, (n) => {
    if (typeof n.v === 'string') {
      out.push(n.v);
      return false;
    }
    const { attrs } = decodeElement(n, aliases);
    if (typeof attrs.value === 'string' && attrs.value) out.push(attrs.value);
    else if (typeof attrs.placeholder === 'string' && attrs.placeholder) out.push(attrs.placeholder);
    if (attrs.nodes !== undefined) richNodesText(attrs.nodes, out);
  });
  return out.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
}
