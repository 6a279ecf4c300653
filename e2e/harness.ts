/**
 * e2e harness: starts the real server (fresh PGlite data dir, a free port) serving the built H5, and a
 * Debian Chromium driven by playwright-core at a 375x812 phone viewport. Screenshots go to e2e/screenshots/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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
  /** The newest SMS code the demo provider wrote for this phone. */
  smsCode: (phone: string) => Promise<string>;
  stop: () => Promise<void>;
}

export async function startServer(): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sf-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', H5_DIST: process.env.E2E_H5_DIST ?? join(root, 'dist/h5') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const started = Date.now();
  while (!output.includes('Storefront ready')) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() - started > 60000) throw new Error(`server did not start in 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    log: () => output,
    async smsCode(phone) {
      const until = Date.now() + 10000;
      while (Date.now() < until) {
        const matches = [...output.matchAll(new RegExp(`\\[sms\\] 验证码 (\\d{6}) 已发送至 ${phone}`, 'g'))];
        if (matches.length) return matches[matches.length - 1][1];
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no SMS code for ${phone} in the server log`);
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Phone {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  shot: (name: string) => Promise<void>;
  close: () => Promise<void>;
}

export async function openPhone(): Promise<Phone> {
  // playwright-core gives each launch a fresh, empty profile of its own.
  mkdirSync(SCREENSHOTS, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return {
    browser,
    context,
    page,
    async shot(name) {
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
    },
    async close() {
      await browser.close();
      if (errors.length) console.warn('page errors:\n' + errors.join('\n'));
    },
  };
}

/** A signed API client for the test itself (finding seed items by their features), as the storefront signs. */
export function apiClient(baseUrl: string) {
  let token = '';
  async function call<T>(method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}): Promise<T> {
    const { computeSign, DEFAULT_SIGN_KEY, makeNonce } = await import('../contract/signature');
    const p: Record<string, unknown> = { ...params, timestamp: Date.now(), nonceStr: makeNonce() };
    // As src/api/request.ts: a POST carries the token in the body, a GET in the X-Token header (never the URL).
    if (token && method === 'POST') p.token = token;
    const body = { ...p, sign: computeSign({ method, path }, p, DEFAULT_SIGN_KEY) };
    const url = method === 'GET' ? `${baseUrl}${path}?${new URLSearchParams(body as Record<string, string>)}` : `${baseUrl}${path}`;
    const res = await fetch(url, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json' } : token ? { 'x-token': token } : undefined,
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { state: boolean; message: string; info: T };
    if (!json.state) throw new Error(`${path}: ${json.message}`);
    return json.info;
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

/** Logs in through the storefront's own phone form (entrance?login=phone), as a person would. */
export async function loginInBrowser(phone: Phone, server: Server, mobile: string, redirect?: string): Promise<void> {
  const { page } = phone;
  const query = new URLSearchParams({ login: 'phone', ...(redirect ? { redirect } : {}) });
  await page.goto(`${server.baseUrl}/#/pages/entrance/entrance?${query}`);
  const phoneInput = page.locator('.taro_page:visible #login-phone input, .taro_page:visible input#login-phone').first();
  await phoneInput.waitFor({ state: 'visible', timeout: 20000 });
  await phoneInput.fill(mobile);
  await page.locator('.taro_page:visible .sf-login__code').click();
  const code = await server.smsCode(mobile);
  await page.locator('.taro_page:visible #login-code input, .taro_page:visible input#login-code').first().fill(code);
  await page.locator('.taro_page:visible .sf-login__submit').click();
  await page.waitForURL((url) => !url.hash.includes('pages/entrance/entrance'), { timeout: 20000 });
}
