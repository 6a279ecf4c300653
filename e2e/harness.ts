/**
 * e2e harness: starts the real server (a fresh PGlite data dir, copied from the run's seeded one; a free port)
 * serving the built H5, and a Debian Chromium driven by playwright-core at a 375x812 phone viewport. One browser
 * per spec file, one fresh context (a phone with empty storage) per test, so each test starts from its own state.
 * Screenshots go to e2e/screenshots/. How a walk finds the visible page, types and checks amounts: screens.ts and
 * amounts.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { serverEnv, serverNodeArgs } from '../server/src/node-settings.mjs';
import { SCREENS, WAIT_MS, currentPage, field, keepTrail, typeKeys, type Screen } from './screens';
import { signedCall } from './signed-fetch';

export * from './screens';
export * from './amounts';

const root = join(__dirname, '..');
export const SCREENSHOTS = join(root, 'e2e', 'screenshots');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export interface Server {
  baseUrl: string;
  log: () => string;
  /** How many SMS codes the demo provider has written for this phone so far. */
  smsCount: (phone: string) => number;
  /** The newest SMS code for this phone, waiting until more than `seen` codes were written for it. */
  smsCode: (phone: string, seen?: number) => Promise<string>;
  stop: () => Promise<void>;
}

export async function startServer(): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sf-e2e-'));
  // The run's seeded database (scripts/test-e2e.sh), when there is one; without it the server seeds its own.
  if (process.env.E2E_DATA_TEMPLATE) cpSync(process.env.E2E_DATA_TEMPLATE, dataDir, { recursive: true });
  let output = '';
  // The server's node settings (server/src/node-settings.mjs), so it runs as `npm start` runs it.
  const child: ChildProcess = spawn(process.execPath, serverNodeArgs(), {
    cwd: root,
    env: serverEnv({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      H5_DIST: process.env.E2E_H5_DIST ?? join(root, 'dist/h5'),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const smsLines = (phone: string) =>
    [...output.matchAll(new RegExp(`\\[sms\\] 验证码 (\\d{6}) 已发送至 ${phone}`, 'g'))].map((m) => m[1]);
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const started = Date.now();
  while (!output.includes('Storefront ready')) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() - started > 120000) throw new Error(`server did not start in 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    log: () => output,
    smsCount: (phone) => smsLines(phone).length,
    async smsCode(phone, seen = 0) {
      const until = Date.now() + WAIT_MS;
      while (Date.now() < until) {
        const codes = smsLines(phone);
        if (codes.length > seen) return codes[codes.length - 1];
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no new SMS code for ${phone} in the server log`);
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One Chromium per spec file; each test opens its own phone (context) in it. */
export async function openBrowser(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // playwright-core gives each launch a fresh, empty profile of its own.
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: LAUNCH_ARGS,
    timeout: 120000,
  });
}

export interface Phone {
  context: BrowserContext;
  page: Page;
  /** Screenshot of what the phone shows now (fonts loaded, animations stopped); a record, never a check. */
  shot: (name: string) => Promise<void>;
  /** Closes the context; throws when the storefront threw an uncaught error meanwhile. */
  close: () => Promise<void>;
}

/** A new phone: a fresh context (empty storage, no session) at 375x812, as a first visit. */
export async function openPhone(browser: Browser): Promise<Phone> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  // Every wait names its own bound; these are only where Playwright would otherwise use its 30 s default.
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS);
  // tsx compiles the specs with esbuild's keepNames, which wraps named inner functions of code handed to
  // page.evaluate in a __name(...) helper that exists only in Node: give the page the same helper.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  keepTrail(page);
  return {
    context,
    page,
    async shot(name) {
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), animations: 'disabled' });
    },
    async close() {
      await context.close();
      if (errors.length) throw new Error(`the storefront threw:\n${errors.join('\n')}`);
    },
  };
}

/** The browser's own session token (the storefront keeps its session in storage, key ending in "session"). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    // Stored through Taro under the storefront's key prefix (platform/storage.ts).
    const key = Object.keys(localStorage).find((k) => k.endsWith('session'));
    const raw = key ? localStorage.getItem(key) : null;
    if (!raw) return '';
    const v = JSON.parse(raw) as { data?: { token?: string } | string; token?: string };
    const data = typeof v.data === 'string' ? (JSON.parse(v.data) as { token?: string }) : v.data;
    return data?.token ?? v.token ?? '';
  });
  if (!token) throw new Error('the logged-in storefront keeps no token');
  return token;
}

/**
 * A signed API client for the test itself (finding seed items by their features), as the storefront signs;
 * `token` makes it act as an existing session (the browser's, from tokenOf).
 */
export function apiClient(baseUrl: string, token = '') {
  // Signed as the storefront signs (e2e/signed-fetch.ts, shared with npm run bench).
  function call<T>(method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}): Promise<T> {
    return signedCall<T>(baseUrl, method, path, params, token);
  }
  return {
    call,
    async login(server: Server, projectSn: string, phone: string) {
      token = (await call<{ token: string }>('POST', '/front/v1/entrance', { projectSn })).token;
      await call('GET', '/api/user/phone/verification/code', { phone });
      const code = await server.smsCode(phone);
      token = (await call<{ token: string }>('GET', '/api/user/phone/login', { phone, code })).token;
    },
  };
}

/**
 * Logs in through the storefront's own phone form (entrance?login=phone), typing as a person does, and waits for
 * the page the login leads to (`then`: the redirect's screen, or the centre when there is none).
 */
export async function loginInBrowser(
  phone: Phone,
  server: Server,
  mobile: string,
  then: Screen = SCREENS.center,
  redirect?: string,
): Promise<Locator> {
  const { page } = phone;
  const query = new URLSearchParams({ login: 'phone', ...(redirect ? { redirect } : {}) });
  await page.goto(`${server.baseUrl}/#/pages/entrance/entrance?${query}`);
  const login = await currentPage(page, SCREENS.login);
  await typeKeys(field(login, 'login-phone'), mobile);
  const seen = server.smsCount(mobile);
  await login.locator('.sf-login__code').click();
  await typeKeys(field(login, 'login-code'), await server.smsCode(mobile, seen));
  await login.locator('.sf-login__submit').click();
  return currentPage(page, then);
}
