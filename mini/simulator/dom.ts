/**
 * The document the official simulator renders into. miniprogram-simulate renders with WeChat's exparser through
 * j-component, which read `window` and `document` (and create DOM events) as globals, as in the jest-jsdom
 * environment it is written for. Installed once per process, before the simulator is loaded; the bundles do not
 * see it (Taro's build gives them its own `window` and `document`).
 */
import { JSDOM } from 'jsdom';

const GLOBALS = [
  'window',
  'document',
  'Node',
  'Element',
  'HTMLElement',
  'Event',
  'CustomEvent',
  'TouchEvent',
  'getComputedStyle',
  'requestAnimationFrame',
];

let installed = false;

export function installDom(): void {
  if (installed) return;
  installed = true;
  const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>', { pretendToBeVisual: true });
  const g = globalThis as Record<string, unknown>;
  const source = window as unknown as Record<string, unknown>;
  for (const name of GLOBALS) {
    const value = name === 'window' ? window : source[name];
    g[name] =
      typeof value === 'function' && /^[a-z]/.test(name) ? (value as (...a: unknown[]) => unknown).bind(window) : value;
  }
}
