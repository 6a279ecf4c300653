/**
 * What the first-screen specs share (first-screen.spec.ts: the home banner; shared-detail.spec.ts: an item's
 * address): the server-drawn block (#sf-first), the page's paints recorded from its first byte, the app's
 * script held back, and the storefront's calls counted.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { until } from './harness';

/** Records layout shifts and largest-paint candidates (and whether the drawn block is theirs) from the first byte. */
const RECORD_PAINTS = `
  window.__paints = { cls: 0, lcp: [] };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__paints.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__paints.lcp.push({ size: e.size, drawn: !!(e.element && e.element.closest('#sf-first')) });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** Starts recording paints on every document the page loads from now on; read back by expectDrawnPaintLargest. */
export async function recordPaints(page: Page): Promise<void> {
  await page.addInitScript({ content: RECORD_PAINTS });
}

/**
 * Nothing shifted (CLS at most 0.05) and the page's last largest-paint candidate is the drawn block (`what`):
 * the app painted nothing later and larger.
 */
export async function expectDrawnPaintLargest(page: Page, what: string): Promise<void> {
  const paints = await page.evaluate(
    () => (window as unknown as { __paints: { cls: number; lcp: { size: number; drawn: boolean }[] } }).__paints,
  );
  assert.ok(paints.cls <= 0.05, `layout shift ${paints.cls}`);
  const last = paints.lcp[paints.lcp.length - 1];
  assert.ok(last?.drawn, `the largest paint is ${what}, no later and larger one: ${JSON.stringify(paints.lcp)}`);
}

export type Box = { x: number; y: number; width: number; height: number } | null;

/** The rounded box of the first (or last) match of `selector`; null when there is none. */
export const box = (page: Page, selector: string, which: 'first' | 'last' = 'first'): Promise<Box> =>
  page.evaluate(
    ([sel, at]) => {
      const els = document.querySelectorAll(sel);
      const r = els[at === 'last' ? els.length - 1 : 0]?.getBoundingClientRect();
      return r
        ? { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) }
        : null;
    },
    [selector, which] as const,
  );

/** Whether the drawn block is in the page and shown (display: none when the inline check hid it). */
export const drawnShown = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const el = document.getElementById('sf-first');
    return !!el && getComputedStyle(el).display !== 'none';
  });

/** Whether the drawn block was shown at the next document's first look (null until that document has loaded). */
export function drawnShownAtStart(page: Page): () => boolean | null {
  let shown: boolean | null = null;
  page.once('domcontentloaded', () => void drawnShown(page).then((s) => (shown = s)));
  return () => shown;
}

/** Waits for that first look and checks the block was hidden before the app ran. */
export async function expectHiddenAtStart(shownAtStart: () => boolean | null): Promise<void> {
  await until(async () => shownAtStart() !== null, 'the first look at the page');
  assert.equal(shownAtStart(), false, 'hidden before the app ran');
}

/**
 * Holds the app's script until the returned release is called: what a slow phone shows meanwhile is the drawn
 * screen alone.
 */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/js\/app\.[0-9a-f]{8}\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The paths of the storefront's calls (/front/...) the page makes from now on, in order. */
export function recordFrontCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/front/')) calls.push(path);
  });
  return calls;
}

/** Each of `paths` was asked for exactly once. */
export function expectAskedOnce(calls: string[], paths: string[]): void {
  for (const path of paths) {
    const n = calls.filter((c) => c === path).length;
    assert.equal(n, 1, `${path} asked for once (calls: ${calls.join(', ')})`);
  }
}

/** Waits until the drawn block has left the document (`why`: what took its place). */
export const drawnGone = (page: Page, why: string): Promise<void> =>
  until(() => page.evaluate(() => !document.getElementById('sf-first')), why);
