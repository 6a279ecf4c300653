/**
 * e签宝 (eSign) SaaS open API v3, request-signature mode, as its 请求签名鉴权 page and its official Java demo define it:
 * every call carries X-Tsign-Open-App-Id, X-Tsign-Open-Auth-Mode: Signature, X-Tsign-Open-Ca-Timestamp (ms),
 * Content-MD5 = base64 MD5 of the body ('' without one) and X-Tsign-Open-Ca-Signature = base64 HMAC-SHA256 (app
 * secret) over `METHOD\nAccept\nContent-MD5\nContent-Type\nDate\n` + headers + the path with its query sorted by
 * name. Callbacks carry X-Tsign-Open-SIGNATURE = hex HMAC-SHA256 over timestamp + query values (sorted by name) +
 * body. The flow: upload the agreement (an HTML page e签宝 converts to PDF) → create the sign flow by file with the
 * customer as signer → the customer's signing URL → SIGN_FLOW_COMPLETE, or the flow's detail when the customer is
 * back first → the signed file's download URL.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@contract/common';
import { AppError, conflict } from '../../../runtime/http';
import type { EsignProvider, EsignStart, FlowState, Signer } from './esign';

export const TSIGN_ACCEPT = '*/*';
export const TSIGN_JSON = 'application/json; charset=UTF-8';
export const ESIGN_FAILED = '电子签署服务暂时无法使用，请稍后再试';
export const NEED_PHONE = '请先绑定手机号后再签署';

export interface TsignConfig {
  appId: string;
  appSecret: string;
  /** https://openapi.esign.cn (sandbox: https://smlopenapi.esign.cn; a local fake in tests). */
  apiBase: string;
  /** Where e签宝 posts flow events: <PUBLIC_BASE_URL>/esign/notify. */
  callbackUrl: string;
  /** One call's limit; a call past it fails the customer's tap and leaves nothing half-done here. */
  timeoutMs: number;
  /** The converted agreement file is polled this often, this many times, before the tap gives up. */
  filePollMs: number;
  filePolls: number;
}

export const contentMd5 = (body: string | Buffer) =>
  body.length === 0 ? '' : createHash('md5').update(body).digest('base64');

/** The path with its query parameters sorted by name (values kept as sent), as the gateway signs it. */
export function sortedPathAndQuery(pathAndQuery: string): string {
  const at = pathAndQuery.indexOf('?');
  if (at < 0) return pathAndQuery;
  const query = pathAndQuery.slice(at + 1);
  if (!query) return pathAndQuery.slice(0, at);
  const pairs = query.split('&').sort((a, b) => {
    const [ka, kb] = [a.split('=')[0], b.split('=')[0]];
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  return `${pathAndQuery.slice(0, at)}?${pairs.join('&')}`;
}

/** The string the gateway signs: no Date and no signed custom headers here, so those lines are empty / absent. */
export function tsignStringToSign(p: {
  method: string;
  accept: string;
  contentMd5: string;
  contentType: string;
  date?: string;
  pathAndQuery: string;
}): string {
  return (
    [p.method.toUpperCase(), p.accept, p.contentMd5, p.contentType, p.date ?? ''].join('\n') +
    '\n' +
    sortedPathAndQuery(p.pathAndQuery)
  );
}

export const tsignSignature = (stringToSign: string, secret: string) =>
  createHmac('sha256', secret).update(stringToSign, 'utf8').digest('base64');

/** The headers of one signed call. */
export function tsignHeaders(
  appId: string,
  secret: string,
  method: string,
  pathAndQuery: string,
  body: string,
  now = Date.now(),
): Record<string, string> {
  const md5 = contentMd5(body);
  const toSign = tsignStringToSign({
    method,
    accept: TSIGN_ACCEPT,
    contentMd5: md5,
    contentType: TSIGN_JSON,
    pathAndQuery,
  });
  return {
    'X-Tsign-Open-App-Id': appId,
    'X-Tsign-Open-Auth-Mode': 'Signature',
    'X-Tsign-Open-Ca-Timestamp': String(now),
    'X-Tsign-Open-Ca-Signature': tsignSignature(toSign, secret),
    Accept: TSIGN_ACCEPT,
    'Content-Type': TSIGN_JSON,
    'Content-MD5': md5,
  };
}

/** A callback's signature: hex HMAC-SHA256 over timestamp + the callback URL's query values by name + body. */
export function tsignCallbackSignature(
  secret: string,
  timestamp: string,
  query: Record<string, string>,
  body: string,
): string {
  const values = Object.keys(query)
    .sort()
    .map((k) => query[k])
    .join('');
  return createHmac('sha256', secret)
    .update(timestamp + values + body, 'utf8')
    .digest('hex');
}

export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}

/** signFlowStatus of the flow detail and of SIGN_FLOW_COMPLETE: 2 done; 3 revoked, 5 expired, 7 refused end it. */
export function flowStateOf(status: unknown): FlowState {
  const s = Number(status);
  if (s === 2) return 'SIGNED';
  if (s === 3 || s === 5 || s === 7) return 'ENDED';
  return 'SIGNING';
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The agreement as a page e签宝 converts to PDF (its upload accepts HTML with convertToPDF). */
export function agreementHtml(input: EsignStart): string {
  const lines = input.agreementText
    .split('\n')
    .map((l) => `<p>${escapeHtml(l)}</p>`)
    .join('');
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(input.contractName)}</title></head><body>` +
    `<h1>${escapeHtml(input.contractName)}</h1><p>订单编号：${escapeHtml(input.orderNo)}</p>${lines}` +
    `<p>签署人：${escapeHtml(input.signer.name ?? '')}（${escapeHtml(input.signer.phone ?? '')}）</p></body></html>`
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createTsignProvider(cfg: TsignConfig): EsignProvider {
  const fail = (why: string) => new AppError(503, ERROR_CODES.SERVICE_UNAVAILABLE, `${ESIGN_FAILED}（${why}）`);

  async function call<T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<T> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    let res: Response;
    try {
      res = await fetch(cfg.apiBase + path, {
        method,
        headers: tsignHeaders(cfg.appId, cfg.appSecret, method, path, body),
        body: body || undefined,
        signal: AbortSignal.timeout(cfg.timeoutMs),
      });
    } catch (err) {
      throw fail((err as Error).name === 'TimeoutError' ? '请求超时' : '网络错误');
    }
    let parsed: { code?: unknown; message?: unknown; data?: unknown };
    try {
      parsed = (await res.json()) as typeof parsed;
    } catch {
      throw fail(`HTTP ${res.status}`);
    }
    if (parsed.code !== 0) throw fail(String(parsed.message ?? `HTTP ${res.status}`));
    return (parsed.data ?? {}) as T;
  }

  async function upload(input: EsignStart): Promise<{ fileId: string; fileName: string }> {
    const bytes = Buffer.from(agreementHtml(input), 'utf8');
    const md5 = contentMd5(bytes);
    const fileName = `${input.orderNo}.html`;
    const target = await call<{ fileId?: string; fileUploadUrl?: string }>('POST', '/v3/files/file-upload-url', {
      contentMd5: md5,
      contentType: 'application/octet-stream',
      convertToPDF: true,
      fileName,
      fileSize: bytes.length,
    });
    if (!target.fileId || !target.fileUploadUrl) throw fail('未返回上传地址');
    let put: Response;
    try {
      put = await fetch(target.fileUploadUrl, {
        method: 'PUT',
        headers: { 'Content-MD5': md5, 'Content-Type': 'application/octet-stream' },
        body: bytes,
        signal: AbortSignal.timeout(cfg.timeoutMs),
      });
    } catch {
      throw fail('文件上传失败');
    }
    const answer = (await put.json().catch(() => null)) as { errCode?: unknown } | null;
    if (!put.ok || answer?.errCode !== 0) throw fail('文件上传失败');
    // The conversion to PDF is asynchronous: fileStatus 2 (uploaded) or 5 (converted) means ready.
    for (let i = 0; i < cfg.filePolls; i += 1) {
      const file = await call<{ fileStatus?: unknown }>('GET', `/v3/files/${encodeURIComponent(target.fileId)}`);
      const status = Number(file.fileStatus);
      if (status === 2 || status === 5) return { fileId: target.fileId, fileName: `${input.orderNo}.pdf` };
      if (status === 3 || status === 4 || status === 6) throw fail('合同文件转换失败');
      await sleep(cfg.filePollMs);
    }
    throw fail('合同文件仍在处理');
  }

  const requirePhone = (signer: Signer) => {
    if (!signer.phone) throw conflict(NEED_PHONE);
    return signer.phone;
  };

  return {
    name: 'esign',
    async startFlow(input) {
      const phone = requirePhone(input.signer);
      const file = await upload(input);
      const created = await call<{ signFlowId?: string }>('POST', '/v3/sign-flow/create-by-file', {
        docs: [{ fileId: file.fileId, fileName: file.fileName }],
        signFlowConfig: {
          signFlowTitle: input.contractName,
          autoFinish: true,
          notifyUrl: cfg.callbackUrl,
          ...(input.redirectUrl ? { redirectConfig: { redirectUrl: input.redirectUrl } } : {}),
        },
        signers: [
          {
            signerType: 0,
            psnSignerInfo: {
              psnAccount: phone,
              ...(input.signer.name ? { psnInfo: { psnName: input.signer.name } } : {}),
            },
            // The customer places the signature where the page lets them: a converted page has no fixed spot.
            signFields: [{ fileId: file.fileId, signFieldType: 0, normalSignFieldConfig: { freeMode: true } }],
          },
        ],
      });
      if (!created.signFlowId) throw fail('未返回签署流程');
      return created.signFlowId;
    },
    async signUrl(flowId, { signer, redirectUrl }) {
      const phone = requirePhone(signer);
      const link = await call<{ url?: string; shortUrl?: string }>(
        'POST',
        `/v3/sign-flow/${encodeURIComponent(flowId)}/sign-url`,
        {
          needLogin: false,
          urlType: 2,
          clientType: 'ALL',
          operator: { psnAccount: phone },
          ...(redirectUrl ? { redirectConfig: { redirectUrl } } : {}),
        },
      );
      const url = link.url ?? link.shortUrl;
      if (!url) throw fail('未返回签署链接');
      return url;
    },
    async queryState(flowId) {
      const detail = await call<{ signFlowStatus?: unknown }>(
        'GET',
        `/v3/sign-flow/${encodeURIComponent(flowId)}/detail`,
      );
      return flowStateOf(detail.signFlowStatus);
    },
    async contractUrl(flowId) {
      const got = await call<{ files?: Array<{ downloadUrl?: string }> }>(
        'GET',
        `/v3/sign-flow/${encodeURIComponent(flowId)}/file-download-url`,
      );
      const url = got.files?.find((f) => f.downloadUrl)?.downloadUrl;
      if (!url) throw fail('未返回合同下载地址');
      return url;
    },
  };
}
