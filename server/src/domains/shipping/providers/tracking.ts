/**
 * Logistics tracking: where a return shipment is. The sandbox tracker (default) makes a shipment
 * advance through its states as time passes since the customer wrote the number (SANDBOX_TRACK_STEP_SECONDS per
 * step), so the demo shows a moving timeline without any outside service. The Kuaidi100 adapter speaks its
 * published real-time query protocol: POST {base}/poll/query.do, form fields customer, param (JSON: com, num,
 * phone) and sign = MD5(param + key + customer) in upper case; the answer's data[] are the traces, newest first.
 */
import { createHash } from 'node:crypto';
import { formatChinaTime } from '@contract/rules/china-time';
import type { TrackState } from '@contract/rules/logistics';
import { carrierOf } from '@contract/rules/logistics';
import { AppError } from '../../../runtime/http';
import { ERROR_CODES } from '@contract/common';

export interface TrackQuery {
  carrierCode: string;
  trackingNo: string;
  phone?: string | null;
  /** When the customer wrote the number (the sandbox moves from there). */
  shippedAt: Date;
}
export interface TrackResult {
  state: TrackState;
  traces: Array<{ time: string; context: string }>;
}
export interface TrackingProvider {
  readonly name: 'sandbox' | 'kuaidi100';
  query(q: TrackQuery): Promise<TrackResult>;
}

const SANDBOX_STEPS: Array<{ state: TrackState; context: string }> = [
  { state: 'COLLECTED', context: '【寄件网点】快递员已揽收' },
  { state: 'IN_TRANSIT', context: '快件已发往【北京转运中心】' },
  { state: 'IN_TRANSIT', context: '快件已到达【北京转运中心】' },
  { state: 'DELIVERING', context: '【北京朝阳营业部】快递员正在派件' },
  { state: 'SIGNED', context: '快件已签收，签收人：商城售后部' },
];

export function createSandboxTracker(options: { stepMs: number; now?: () => number }): TrackingProvider {
  return {
    name: 'sandbox',
    async query(q) {
      const now = options.now?.() ?? Date.now();
      const steps = Math.min(
        SANDBOX_STEPS.length,
        Math.floor(Math.max(0, now - q.shippedAt.getTime()) / options.stepMs) + 1,
      );
      const traces = SANDBOX_STEPS.slice(0, steps)
        .map((s, i) => ({
          time: formatChinaTime(new Date(q.shippedAt.getTime() + i * options.stepMs), 'YYYY-MM-DD HH:mm:ss'),
          context: s.context,
        }))
        .reverse();
      return { state: SANDBOX_STEPS[steps - 1].state, traces };
    },
  };
}

/** Kuaidi100's state codes (0 在途, 1 揽收, 2 疑难, 3 签收, 4 退签, 5 派件, 6 退回, 7 转投, 8 清关, 14 拒签). */
const K100_STATE: Record<string, TrackState> = {
  '0': 'IN_TRANSIT',
  '1': 'COLLECTED',
  '2': 'PROBLEM',
  '3': 'SIGNED',
  '4': 'PROBLEM',
  '5': 'DELIVERING',
  '6': 'PROBLEM',
  '7': 'IN_TRANSIT',
  '8': 'IN_TRANSIT',
  '14': 'PROBLEM',
};

export const kuaidi100Sign = (param: string, key: string, customer: string) =>
  createHash('md5')
    .update(param + key + customer, 'utf8')
    .digest('hex')
    .toUpperCase();

export function createKuaidi100Tracker(options: {
  customer: string;
  key: string;
  baseUrl: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}): TrackingProvider {
  const doFetch = options.fetchImpl ?? fetch;
  const unavailable = (why: string) => new AppError(503, ERROR_CODES.NOT_FOUND, `物流查询暂不可用：${why}`);
  return {
    name: 'kuaidi100',
    async query(q) {
      const carrier = carrierOf(q.carrierCode);
      if (!carrier) throw unavailable('不支持的快递公司');
      const param = JSON.stringify({
        com: carrier.kuaidi100,
        num: q.trackingNo,
        ...(q.phone ? { phone: q.phone } : {}),
        resultv2: '0',
      });
      const form = new URLSearchParams({
        customer: options.customer,
        param,
        sign: kuaidi100Sign(param, options.key, options.customer),
      });
      let res: Response;
      try {
        res = await doFetch(`${options.baseUrl.replace(/\/$/, '')}/poll/query.do`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 8000),
        });
      } catch {
        throw unavailable('服务无响应');
      }
      let body: {
        message?: string;
        status?: string;
        state?: string;
        data?: Array<{ time?: string; ftime?: string; context?: string }>;
        result?: boolean;
        returnCode?: string;
      };
      try {
        body = (await res.json()) as typeof body;
      } catch {
        throw unavailable('应答格式错误');
      }
      // Not found yet (e.g. just shipped): Kuaidi100 answers result=false with returnCode 500; no traces yet.
      if (body.result === false) {
        if (body.returnCode === '500') return { state: 'NONE', traces: [] };
        throw unavailable(body.message || `错误 ${body.returnCode ?? res.status}`);
      }
      const traces = (body.data ?? [])
        .map((d) => ({ time: String(d.ftime ?? d.time ?? ''), context: String(d.context ?? '') }))
        .filter((t) => t.context);
      return { state: K100_STATE[String(body.state)] ?? (traces.length ? 'IN_TRANSIT' : 'NONE'), traces };
    },
  };
}

/**
 * Answers from a provider kept for `ttlMs` per carrier+number, so a customer refreshing the page (or many)
 * asks the provider at most once per window; concurrent misses share one request.
 */
export function withCache(provider: TrackingProvider, ttlMs: number, now: () => number = Date.now) {
  const cache = new Map<string, { at: number; result: Promise<TrackResult> }>();
  return {
    name: provider.name,
    calls: 0,
    async query(q: TrackQuery): Promise<TrackResult & { queriedAt: Date }> {
      const key = `${q.carrierCode}:${q.trackingNo}`;
      const hit = cache.get(key);
      if (hit && now() - hit.at < ttlMs) return { ...(await hit.result), queriedAt: new Date(hit.at) };
      const at = now();
      this.calls += 1;
      const result = provider.query(q);
      cache.set(key, { at, result });
      // A failed query is not cached: the next refresh asks again.
      result.catch(() => cache.delete(key));
      if (cache.size > 5000) cache.delete(cache.keys().next().value as string);
      return { ...(await result), queriedAt: new Date(at) };
    },
  };
}
export type CachedTracker = ReturnType<typeof withCache>;
