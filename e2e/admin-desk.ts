/**
 * The operator console's e2e pieces: its build (made here when missing or stale, as `npm start` does, so the
 * spec runs alone too) and a desktop browser context (1280x800, China time, Chinese) in the harness's Chromium.
 * Screenshots go to /tmp/console-<name>.png: records to look at, never checks.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildAdminIfStale } from '../scripts/admin-build.mjs';
import { WAIT_MS } from './screens';

export function ensureAdminBuilt(): void {
  if (!buildAdminIfStale({ stdio: 'pipe' })) throw new Error('npm run build:admin failed: run it to see why');
}

export interface Desk {
  context: BrowserContext;
  page: Page;
  shot: (name: string) => Promise<void>;
  /** Closes the context; throws when the console threw an uncaught error meanwhile. */
  close: () => Promise<void>;
}

export async function openDesk(browser: Browser): Promise<Desk> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return {
    context,
    page,
    async shot(name) {
      await page.screenshot({ path: `/tmp/console-${name}.png`, animations: 'disabled' });
    },
    async close() {
      await context.close();
      if (errors.length) throw new Error(`the console threw:\n${errors.join('\n')}`);
    },
  };
}
