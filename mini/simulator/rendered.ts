/**
 * What a page rendered by the simulator shows: its tree as j-component serialises it (the composed tree exparser
 * built from WeChat's compiled templates: real tag and attribute names, text nodes as strings). A person reads
 * the text nodes, an input's value or else its placeholder, and a rich-text's nodes.
 */
import { richNodesText, type RenderedElement } from '../render-text';

export interface RenderedNode {
  tagName: string;
  attrs: Array<{ name: string; value: unknown }>;
  children: Array<RenderedNode | string>;
}

/** Every element of the tree in document order, with its attributes by name. */
export function elementsOf(root: RenderedNode | undefined): RenderedElement[] {
  const out: RenderedElement[] = [];
  const walk = (node: RenderedNode | string) => {
    if (typeof node === 'string') return;
    out.push({ tag: node.tagName, attrs: Object.fromEntries(node.attrs.map((a) => [a.name, a.value])) });
    node.children.forEach(walk);
  };
  if (root) walk(root);
  return out;
}

/** Every piece of text a person would read, in document order. */
export function textsOf(root: RenderedNode | undefined): string[] {
  const out: string[] = [];
  const walk = (node: RenderedNode | string) => {
    if (typeof node === 'string') {
      out.push(node);
      return;
    }
    const attrs = Object.fromEntries(node.attrs.map((a) => [a.name, a.value]));
    if (typeof attrs.value === 'string' && attrs.value) out.push(attrs.value);
    else if (typeof attrs.placeholder === 'string' && attrs.placeholder) out.push(attrs.placeholder);
    if (attrs.nodes !== undefined) richNodesText(attrs.nodes, out);
    node.children.forEach(walk);
  };
  if (root) walk(root);
  return out.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
}
