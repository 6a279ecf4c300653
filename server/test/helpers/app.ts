/**
 * Test harness: the real app on an in-memory PGlite (migrated and seeded), or on a fresh database of a real
 * PostgreSQL when TEST_DATABASE_URL is set (see test-database.ts), requests signed exactly as the storefront
 * signs them (contract/signature.ts: method, path and parameters; GET tokens in the X-Token header), and an
 * SMS provider that records codes instead of printing. One harness per test file: opening the database is
 * the slow part.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { computeSign, makeNonce } from '@contract/signature';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { seedIfEmpty } from '../../src/db/seed';
import { type Database } from '../../src/runtime/database/plugin';
import type { SmsNoticeKind, SmsProvider } from '../../src/domains/auth/providers/sms';
import { ensureVisitorRow, readVisitorToken } from '../../src/domains/entrance/visitor-tokens';
import { openFromTemplate } from './database-template';
import { openTestDatabase } from './test-database';

export class RecordingSms implements SmsProvider {
  readonly sent: Array<{ phone: string; code: string }> = [];
  async sendCode(phone: string, code: string): Promise<void> {
    this.sent.push({ phone, code });
  }
  readonly notices: Array<{ phone: string; kind: SmsNoticeKind; params: Record<string, string> }> = [];
  async sendNotice(phone: string, kind: SmsNoticeKind, params: Record<string, string>): Promise<void> {
    this.notices.push({ phone, kind, params });
  }
  lastCode(phone: string): string {
    const hit = [...this.sent].reverse().find((s) => s.phone === phone);
    if (!hit) throw new Error(`no code sent to ${phone}`);
    return hit.code;
  }
}

export type Params = Record<string, unknown>;

export interface Reply<T = unknown> {
  status: number;
  body: { state: boolean; message: string; info: T; code?: number };
  raw: LightMyRequestResponse;
}

/** Adds timestamp, nonceStr and sign for `method url` the way src/api/request.ts does. */
export function sign(method: string, url: string, params: Params, key: string, at = Date.now()): Params {
  const payload: Params = { ...params, timestamp: at, nonceStr: makeNonce() };
  payload.sign = computeSign({ method, path: url }, payload, key);
  return payload;
}

/**
 * Limits generous enough for test files that log in dozens of customers from one address; the limit tests
 * build their own harness with small ones.
 */
export const TEST_LIMITS_ENV = {
  SMS_PER_IP_PER_HOUR: '100000',
  SMS_PER_MINUTE: '100000',
  ENTRANCE_PER_IP_PER_MINUTE: '100000',
};

/** Query values as the storefront's GET would put them in the URL (undefined and null are left out first). */
function toQuery(params: Params): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null) out[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return out;
}

export interface Harness {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  config: Config;
  sms: RecordingSms;
  post<T = unknown>(url: string, data?: Params, token?: string): Promise<Reply<T>>;
  get<T = unknown>(url: string, data?: Params, token?: string): Promise<Reply<T>>;
  /** DELETE, signed over the query like GET, the token in X-Token. */
  delete<T = unknown>(url: string, data?: Params, token?: string): Promise<Reply<T>>;
  inject(options: InjectOptions): Promise<Reply>;
  /** A fresh visitor session of a project. */
  enter(projectSn?: string): Promise<string>;
  /**
   * A visitor whose user row is stored, as a login stores it (a new visitor has none:
   * domains/entrance/visitor-tokens.ts):
   * for tests that write rows referencing the visitor's user directly.
   */
  enterStored(projectSn?: string): Promise<string>;
  /** Visitor session, code, login: a logged-in token. */
  login(phone: string, projectSn?: string): Promise<{ token: string; userId: string }>;
  close(): Promise<void>;
}

export async function buildHarness(
  options: {
    database?: Database;
    env?: Record<string, string>;
    closeDatabase?: boolean;
    /** More buildApp options (a log stream, a limiter). */
    app?: Pick<Parameters<typeof buildApp>[0], 'logStream' | 'logger' | 'limiter' | 'qrEncoder'>;
  } = {},
): Promise<Harness> {
  const database = options.database ?? (await openFromTemplate()) ?? (await openTestDatabase());
  await database.migrate();
  await seedIfEmpty(database.db);
  const config = loadConfig({ H5_DIST: '/nonexistent/h5', LOG_LEVEL: 'silent', ...TEST_LIMITS_ENV, ...options.env });
  const sms = new RecordingSms();
  const app = await buildApp({ config, db: database.db, sms, logger: false, ...options.app });
  await app.ready();

  const wrap = <T>(raw: LightMyRequestResponse): Reply<T> => ({
    status: raw.statusCode,
    body: raw.headers['content-type']?.toString().includes('json') ? raw.json() : (raw.body as never),
    raw,
  });
  const withToken = (data: Params, token?: string) => (token ? { ...data, token } : data);

  const harness: Harness = {
    app,
    database,
    config,
    sms,
    async post(url, data = {}, token) {
      return wrap(
        await app.inject({ method: 'POST', url, payload: sign('POST', url, withToken(data, token), config.signKey) }),
      );
    },
    async get(url, data = {}, token) {
      const headers = token ? { 'x-token': token } : {};
      return wrap(
        await app.inject({
          method: 'GET',
          url,
          headers,
          query: toQuery(sign('GET', url, toQuery(data), config.signKey)),
        }),
      );
    },
    async delete(url, data = {}, token) {
      const headers = token ? { 'x-token': token } : {};
      return wrap(
        await app.inject({
          method: 'DELETE',
          url,
          headers,
          query: toQuery(sign('DELETE', url, toQuery(data), config.signKey)),
        }),
      );
    },
    async inject(opts) {
      return wrap(await app.inject(opts));
    },
    async enter(projectSn = 'demo') {
      const res = await harness.post<{ token: string }>('/front/v1/entrance', { projectSn });
      if (res.status !== 200) throw new Error(`entrance failed: ${res.raw.body}`);
      return res.body.info.token;
    },
    async enterStored(projectSn = 'demo') {
      const token = await harness.enter(projectSn);
      const claims = await readVisitorToken(database.db, token);
      if (!claims) throw new Error('the entrance gave no visitor token');
      await ensureVisitorRow(database.db, { visitor: claims });
      return token;
    },
    async login(phone, projectSn = 'demo') {
      const visitor = await harness.enter(projectSn);
      const sent = await harness.get('/api/user/phone/verification/code', { phone }, visitor);
      if (sent.status !== 200) throw new Error(`code failed: ${sent.raw.body}`);
      const res = await harness.get<{ token: string; userInfo: { userId: string } }>(
        '/api/user/phone/login',
        { phone, code: sms.lastCode(phone) },
        visitor,
      );
      if (res.status !== 200) throw new Error(`login failed: ${res.raw.body}`);
      return { token: res.body.info.token, userId: res.body.info.userInfo.userId };
    },
    async close() {
      await app.close();
      if (options.closeDatabase !== false) await database.close();
    },
  };
  return harness;
}
