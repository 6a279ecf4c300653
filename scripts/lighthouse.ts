/**
 * `npm run lighthouse`: Lighthouse 13 (mobile, default throttling) on the six pages it measures: home, activity
 * detail (its shared public address, and its hash route), order submit, order detail and 我的. Builds nothing: it
 * serves an existing H5 build (LIGHTHOUSE_H5_DIST, else BENCH_H5_DIST, else E2E_H5_DIST, else dist/h5) with the e2e
 * harness's server (free port, fresh PGlite data dir), and prints performance, LCP, FCP, TBT, CLS, accessibility and
 * best practices per
 * page with the audits that failed, writing each page's JSON and HTML report to LIGHTHOUSE_DIR (lighthouse/).
 *
 * The first three pages are audited as a first visit (the origin's storage, local storage, IndexedDB and cookies
 * included,
 * and the cache are cleared before each run: Lighthouse's own default keeps local storage and cookies). The other
 * three need a customer: the script logs in by phone through the storefront's own form (SMS code from the server
 * log) in the same Chromium, over CDP, places a free sign-up for the order detail, and audits them with
 * disableStorageReset, so the session stays and the HTTP cache is warm (a returning customer, not a cold load).
 *
 * LIGHTHOUSE_RUNS (1) runs each page that many times and keeps the run with the median performance score.
 * LIGHTHOUSE_PAGES (all) names the pages to audit, comma-separated (e.g. `home`): a short loop while tuning one page.
 * CHROME_PATH (/usr/bin/chromium) names the browser.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import { chromium } from 'playwright-core';
import type { Flags, RunnerResult } from 'lighthouse';
import { currentPage, loginInBrowser, SCREENS, startServer, type Phone, type Server } from '../e2e/harness';

const root = join(__dirname, '..');
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/** Whether the audit can run here (npm run bench skips it without Chromium: scripts/ensure-chromium.sh). */
export const chromiumPresent = () => existsSync(CHROME_PATH);
const PROJECT = 'demo';
/** A phone of its own, so the audit's customer never shares a daily SMS limit with a walk on the same server. */
const PHONE = '13800138077';

interface Target {
  name: string;
  /** Hash path, or '' for the site root a customer opens. */
  path: string;
  /** An address of its own instead of a hash path (a shared item's public address). */
  address?: string;
  customer: boolean;
}

const TARGETS: Target[] = [
  { name: 'home', path: '', customer: false },
  // The link promoters share: the item's public address, answered with its first screen drawn.
  { name: 'activity-detail', path: '', address: `/item/${PROJECT}-activity-01?projectSn=${PROJECT}`, customer: false },
  // The same item by its hash route, as links shared before the public address still open it.
  {
    name: 'activity-detail-hash',
    path: `/pages/activity/activityDetail?actSn=${PROJECT}-activity-01&projectSn=${PROJECT}`,
    customer: false,
  },
  { name: 'order-submit', path: `/pages/order/orderSubmit?targetSn=${PROJECT}-activity-01`, customer: true },
  // Filled in with the order the script places (orderNo of a free sign-up).
  { name: 'order-detail', path: '', customer: true },
  { name: 'center', path: '/pages/center/center', customer: true },
];

export interface PageScore {
  name: string;
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  /** Ids of the accessibility and best-practices audits that did not pass. */
  failed: string[];
  /** With LIGHTHOUSE_RUNS > 1: every run's performance / TBT / LCP, in run order, so the spread is seen. */
  spread?: string;
}

const score = (r: RunnerResult, id: string) => Math.round((r.lhr.categories[id]?.score ?? 0) * 100);
const numeric = (r: RunnerResult, id: string) => r.lhr.audits[id]?.numericValue ?? NaN;

function summarise(name: string, r: RunnerResult): PageScore {
  const failed: string[] = [];
  for (const cat of ['accessibility', 'best-practices']) {
    for (const ref of r.lhr.categories[cat]?.auditRefs ?? []) {
      const a = r.lhr.audits[ref.id];
      // Weight 0 audits are informative only; a null score is not applicable.
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) failed.push(ref.id);
    }
  }
  return {
    name,
    performance: score(r, 'performance'),
    lcpMs: numeric(r, 'largest-contentful-paint'),
    fcpMs: numeric(r, 'first-contentful-paint'),
    tbtMs: numeric(r, 'total-blocking-time'),
    cls: numeric(r, 'cumulative-layout-shift'),
    accessibility: score(r, 'accessibility'),
    bestPractices: score(r, 'best-practices'),
    failed,
  };
}

/**
 * Logs a customer in and places a free sign-up (demo-activity-02 costs nothing, so no cashier), in the Chromium
 * Lighthouse will use: the session lands in that profile's storage. Answers the order detail's hash path.
 */
async function customerSession(chrome: LaunchedChrome, server: Server): Promise<string> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    // As e2e/harness openPhone: tsx's keepNames wraps functions handed to the page in __name(), which only Node has.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    const phone: Phone = {
      context,
      page,
      shot: async () => undefined,
      close: () => page.close(),
    };
    await page.goto(`${server.baseUrl}/#/pages/entrance/entrance?projectSn=${PROJECT}`);
    await currentPage(page, SCREENS.home);
    await loginInBrowser(phone, server, PHONE, SCREENS.center);
    await page.goto(`${server.baseUrl}/#/pages/activity/activityDetail?actSn=${PROJECT}-activity-02`);
    const detail = await currentPage(page, SCREENS.activityDetail);
    // 立即报名 on a zero-price item signs up at once (no submit page); the result page leads to the order.
    await detail.locator('#act-order').click();
    const result = await currentPage(page, SCREENS.result);
    await result.locator('#result-order').click();
    await currentPage(page, SCREENS.orderDetail);
    const hash = new URL(page.url()).hash.replace(/^#/, '');
    await phone.close();
    return hash;
  } finally {
    // Disconnects only: the default context (and its storage) stays in the running Chromium.
    await browser.close();
  }
}

async function auditOne(
  url: string,
  port: number,
  outDir: string,
  name: string,
  keepStorage: boolean,
  runs: number,
): Promise<PageScore> {
  const { default: lighthouse } = await import('lighthouse');
  const flags: Flags = {
    port,
    output: ['json', 'html'],
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: keepStorage,
    // Lighthouse's default reset keeps local storage, IndexedDB and cookies ("so the user isn't logged out"), so
    // every run after a page's first, and every page after the first, was a returning visitor with a stored session.
    // A first visit clears them too.
    ...(keepStorage
      ? {}
      : {
          clearStorageTypes: [
            'file_systems',
            'shader_cache',
            'service_workers',
            'cache_storage',
            'local_storage',
            'indexeddb',
            'cookies',
          ],
        }),
  };
  const results: RunnerResult[] = [];
  for (let i = 0; i < runs; i += 1) {
    const r = await lighthouse(url, flags);
    if (!r) throw new Error(`lighthouse gave no result for ${name}`);
    results.push(r);
  }
  const spread =
    runs > 1
      ? results
          .map(
            (r) =>
              `${score(r, 'performance')}/${Math.round(numeric(r, 'total-blocking-time'))}/${Math.round(numeric(r, 'largest-contentful-paint'))}`,
          )
          .join(' ')
      : undefined;
  results.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const median = results[Math.floor(results.length / 2)];
  const [json, html] = median.report as string[];
  writeFileSync(join(outDir, `${name}.report.json`), json);
  writeFileSync(join(outDir, `${name}.report.html`), html);
  return { ...summarise(name, median), spread };
}

function print(rows: PageScore[], outDir: string) {
  const ms = (v: number) => `${Math.round(v)}`.padStart(6);
  console.log('Lighthouse 13 mobile (default throttling)   perf   LCP ms  FCP ms  TBT ms    CLS  a11y  best');
  for (const r of rows) {
    console.log(
      `  ${r.name.padEnd(40)}${String(r.performance).padStart(5)}  ${ms(r.lcpMs)}  ${ms(r.fcpMs)}  ${ms(r.tbtMs)}  ${r.cls.toFixed(3).padStart(5)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(4)}`,
    );
    if (r.failed.length) console.log(`    not passed: ${r.failed.join(', ')}`);
    if (r.spread) console.log(`    runs (perf/TBT/LCP ms): ${r.spread}`);
  }
  console.log(`  reports: ${outDir}`);
}

/** Serves the build, audits the six pages and prints the table; answers the scores. */
export async function runLighthouse(): Promise<PageScore[]> {
  const dist =
    process.env.LIGHTHOUSE_H5_DIST || process.env.BENCH_H5_DIST || process.env.E2E_H5_DIST || join(root, 'dist/h5');
  const outDir = process.env.LIGHTHOUSE_DIR || join(root, 'lighthouse');
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS || 1));
  const only = (process.env.LIGHTHOUSE_PAGES || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const wanted = (t: Target) => !only.length || only.includes(t.name);
  mkdirSync(outDir, { recursive: true });
  // startServer serves E2E_H5_DIST; set it for this process only.
  process.env.E2E_H5_DIST = dist;
  const server = await startServer();
  let chrome: LaunchedChrome | undefined;
  const rows: PageScore[] = [];
  try {
    chrome = await launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-component-update'],
    });
    for (const t of TARGETS.filter((x) => !x.customer && wanted(x))) {
      const url = `${server.baseUrl}${t.address ?? `/${t.path ? `#${t.path}` : ''}`}`;
      rows.push(await auditOne(url, chrome.port, outDir, t.name, false, runs));
    }
    const customerTargets = TARGETS.filter((x) => x.customer && wanted(x));
    // The customer's login and free sign-up only when a customer page is audited.
    const orderDetail = customerTargets.length ? await customerSession(chrome, server) : '';
    for (const t of customerTargets) {
      const path = t.name === 'order-detail' ? orderDetail : t.path;
      rows.push(await auditOne(`${server.baseUrl}/#${path}`, chrome.port, outDir, t.name, true, runs));
    }
  } finally {
    chrome?.kill();
    await server.stop();
  }
  print(rows, outDir);
  return rows;
}

if (require.main === module) {
  runLighthouse().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
