/**
 * A local fake of e签宝's open API v3 over real HTTP, checking each call as its gateway does. The check is written
 * here from e签宝's 请求签名鉴权 page (and its official Java demo's EsignEncryption), not taken from the code under
 * test: X-Tsign-Open-App-Id is the app, X-Tsign-Open-Auth-Mode is Signature, X-Tsign-Open-Ca-Timestamp is ms within
 * 15 minutes, Content-MD5 is base64 MD5 of the body bytes ('' without a body), and X-Tsign-Open-Ca-Signature is
 * base64 HMAC-SHA256 (app secret) of `METHOD\nAccept\nContent-MD5\nContent-Type\nDate\n` + the path with its query
 * sorted by name, from the headers as received. A failed check answers HTTP 401 as the gateway does.
 * Served: /v3/files/file-upload-url (and the PUT of the file to the URL it gives, Content-MD5 and Content-Type as
 * declared), /v3/files/{id} (status 5 once converted), /v3/sign-flow/create-by-file, …/sign-url, …/detail,
 * …/file-download-url. It plays e签宝's callback too: SIGN_FLOW_COMPLETE posted to the flow's notifyUrl with
 * X-Tsign-Open-TIMESTAMP and X-Tsign-Open-SIGNATURE = hex HMAC-SHA256 over timestamp + query values + body (the
 * 回调通知 page's rule).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_ESIGN_APP_ID = '7439000001';
export const FAKE_ESIGN_SECRET = 'fake-esign-app-secret-0123456789';

interface FakeFile {
  fileId: string;
  contentMd5: string;
  contentType: string;
  fileName: string;
  fileSize: number;
  uploaded: Buffer | null;
  /** Polls before conversion ends (status 1, then 5). */
  pollsLeft: number;
}

export interface FakeFlow {
  signFlowId: string;
  body: Record<string, unknown>;
  fileId: string;
  notifyUrl: string;
  /** 1 signing, 2 done, 3 revoked, 5 expired, 7 refused. */
  status: number;
  signUrlCalls: Array<Record<string, unknown>>;
}

/** base64 HMAC-SHA256, as the gateway computes the request signature. */
const gatewaySignature = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text, 'utf8').digest('base64');

/** The path with the query's pairs sorted by name (the demo's sortApiUrl). */
function sortedUrl(url: string): string {
  const [path, query] = url.split('?');
  if (!query) return path;
  return `${path}?${query
    .split('&')
    .sort((a, b) => (a.split('=')[0] < b.split('=')[0] ? -1 : 1))
    .join('&')}`;
}

/** e签宝's callback signature: hex HMAC-SHA256 over timestamp + query values sorted by name + body. */
export function callbackSignature(secret: string, timestamp: string, notifyUrl: string, body: string): string {
  const params = new URL(notifyUrl).searchParams;
  const values = [...params.keys()]
    .sort()
    .map((k) => params.get(k) ?? '')
    .join('');
  return createHmac('sha256', secret)
    .update(timestamp + values + body, 'utf8')
    .digest('hex');
}

export async function startEsignFake() {
  const state = {
    files: new Map<string, FakeFile>(),
    flows: new Map<string, FakeFlow>(),
    /** Every gateway call: path, and whether its signature checked out. */
    calls: [] as Array<{ method: string; path: string; ok: boolean; why?: string }>,
    /** Set: every call waits this long first (a timeout test). */
    delayMs: 0,
    /** Set: create-by-file answers this business error. */
    failCreate: null as null | { code: number; message: string },
  };
  let base = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const ok = (res: ServerResponse, data: unknown) => send(res, 200, { code: 0, message: '成功', data });
  const fail = (res: ServerResponse, code: number, message: string) => send(res, 200, { code, message });

  function checkGateway(req: IncomingMessage, body: Buffer): string | null {
    const h = (n: string) => {
      const v = req.headers[n];
      return Array.isArray(v) ? v[0] : v;
    };
    if (h('x-tsign-open-app-id') !== FAKE_ESIGN_APP_ID) return 'INVALID_APP_ID';
    if (h('x-tsign-open-auth-mode') !== 'Signature') return 'INVALID_AUTH_MODE';
    const ts = Number(h('x-tsign-open-ca-timestamp'));
    if (!Number.isFinite(ts) || Math.abs(Date.now() - ts) > 15 * 60_000) return 'INVALID_TIMESTAMP';
    const md5 = body.length ? createHash('md5').update(body).digest('base64') : '';
    const sentMd5 = h('content-md5') ?? '';
    if (sentMd5 !== md5) return 'INVALID_CONTENT_MD5';
    const text = [req.method ?? '', h('accept') ?? '', sentMd5, h('content-type') ?? '', h('date') ?? ''].join('\n');
    const expected = gatewaySignature(FAKE_ESIGN_SECRET, `${text}\n${sortedUrl(req.url ?? '')}`);
    return h('x-tsign-open-ca-signature') === expected ? null : 'INVALID_SIGNATURE';
  }

  async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    // The file host: no gateway signature, the declared MD5 and type instead (as OSS checks them).
    const put = /^\/oss\/([\w-]+)$/.exec(path);
    if (put && req.method === 'PUT') {
      const file = state.files.get(put[1]);
      if (!file) return send(res, 404, { errCode: 404, msg: 'no such upload' });
      const md5 = createHash('md5').update(body).digest('base64');
      if (req.headers['content-md5'] !== file.contentMd5 || md5 !== file.contentMd5)
        return send(res, 400, { errCode: 400, msg: 'Content-MD5 mismatch' });
      if (req.headers['content-type'] !== file.contentType || body.length !== file.fileSize)
        return send(res, 403, { errCode: 403, msg: 'SignatureDoesNotMatch' });
      file.uploaded = body;
      return send(res, 200, { errCode: 0, msg: '成功' });
    }

    const why = checkGateway(req, body);
    state.calls.push({ method: req.method ?? '', path: req.url ?? '', ok: !why, ...(why ? { why } : {}) });
    if (why) return send(res, 401, { code: 401, message: why });
    let json: Record<string, unknown> = {};
    if (body.length) {
      try {
        json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        return fail(res, 1435002, '参数错误：请求体不是JSON');
      }
    }

    if (path === '/v3/files/file-upload-url' && req.method === 'POST') {
      const { contentMd5, contentType, fileName, fileSize } = json as Record<string, string & number>;
      if (!contentMd5 || !contentType || !fileName || !Number.isInteger(fileSize))
        return fail(res, 1435002, '参数错误');
      const fileId = randomBytes(16).toString('hex');
      state.files.set(fileId, { fileId, contentMd5, contentType, fileName, fileSize, uploaded: null, pollsLeft: 1 });
      return ok(res, { fileId, fileUploadUrl: `${base}/oss/${fileId}?Expires=1&Signature=x` });
    }
    const fileMatch = /^\/v3\/files\/(\w+)$/.exec(path);
    if (fileMatch && req.method === 'GET') {
      const file = state.files.get(fileMatch[1]);
      if (!file) return fail(res, 1435404, '文件不存在');
      if (!file.uploaded) return ok(res, { fileId: file.fileId, fileStatus: 0 });
      if (file.pollsLeft > 0) {
        file.pollsLeft -= 1;
        return ok(res, { fileId: file.fileId, fileStatus: 1 });
      }
      return ok(res, { fileId: file.fileId, fileName: file.fileName, fileStatus: 5 });
    }
    if (path === '/v3/sign-flow/create-by-file' && req.method === 'POST') {
      if (state.failCreate) return fail(res, state.failCreate.code, state.failCreate.message);
      const docs = json.docs as Array<{ fileId?: string }> | undefined;
      const fileId = docs?.[0]?.fileId ?? '';
      const file = state.files.get(fileId);
      if (!file || !file.uploaded || file.pollsLeft > 0) return fail(res, 1437001, '文件未上传或未转换完成');
      const signers = json.signers as Array<{ psnSignerInfo?: { psnAccount?: string } }> | undefined;
      if (!signers?.[0]?.psnSignerInfo?.psnAccount) return fail(res, 1435002, '签署方账号不能为空');
      const config = (json.signFlowConfig ?? {}) as { notifyUrl?: string; signFlowTitle?: string };
      if (!config.signFlowTitle) return fail(res, 1435002, 'signFlowTitle不能为空');
      const signFlowId = randomBytes(16).toString('hex');
      state.flows.set(signFlowId, {
        signFlowId,
        body: json,
        fileId,
        notifyUrl: config.notifyUrl ?? '',
        status: 1,
        signUrlCalls: [],
      });
      return ok(res, { signFlowId });
    }
    const flowMatch = /^\/v3\/sign-flow\/(\w+)\/(sign-url|detail|file-download-url)$/.exec(path);
    if (flowMatch) {
      const flow = state.flows.get(flowMatch[1]);
      if (!flow) return fail(res, 1437100, '流程不存在');
      if (flowMatch[2] === 'sign-url' && req.method === 'POST') {
        const operator = json.operator as { psnAccount?: string } | undefined;
        const signer = (flow.body.signers as Array<{ psnSignerInfo: { psnAccount: string } }>)[0];
        if (operator?.psnAccount !== signer.psnSignerInfo.psnAccount) return fail(res, 1437513, '操作人不是签署人');
        if (flow.status !== 1) return fail(res, 1437160, '流程已结束');
        flow.signUrlCalls.push(json);
        return ok(res, { url: `${base}/sign/${flow.signFlowId}`, shortUrl: `${base}/s/${flow.signFlowId}` });
      }
      if (flowMatch[2] === 'detail' && req.method === 'GET')
        return ok(res, { signFlowId: flow.signFlowId, signFlowStatus: flow.status, signFlowDescription: '' });
      if (flowMatch[2] === 'file-download-url' && req.method === 'GET') {
        if (flow.status !== 2) return fail(res, 1437170, '流程未完成，无法下载');
        return ok(res, {
          files: [
            { fileId: flow.fileId, fileName: '课程购买协议.pdf', downloadUrl: `${base}/signed/${flow.fileId}.pdf` },
          ],
        });
      }
    }
    return send(res, 404, { code: 404, message: 'not found' });
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => void handle(req, res, Buffer.concat(chunks)), state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A SIGN_FLOW_COMPLETE event as e签宝 posts it, with its headers (timestamp: now unless given). */
  function completeEvent(flow: FakeFlow, opts: { status?: number; timestamp?: number; secret?: string } = {}) {
    const timestamp = String(opts.timestamp ?? Date.now());
    const body = JSON.stringify({
      action: 'SIGN_FLOW_COMPLETE',
      signFlowId: flow.signFlowId,
      signFlowTitle: (flow.body.signFlowConfig as { signFlowTitle?: string }).signFlowTitle,
      signFlowStatus: String(opts.status ?? flow.status),
      statusDescription: '完成',
      signFlowCreateTime: Date.now() - 60_000,
      signFlowFinishTime: Date.now(),
      timestamp: Number(timestamp),
    });
    const headers = {
      'content-type': 'application/json',
      'X-Tsign-Open-App-Id': FAKE_ESIGN_APP_ID,
      'X-Tsign-Open-TIMESTAMP': timestamp,
      'X-Tsign-Open-SIGNATURE-ALGORITHM': 'hmac-sha256',
      'X-Tsign-Open-SIGNATURE': callbackSignature(opts.secret ?? FAKE_ESIGN_SECRET, timestamp, flow.notifyUrl, body),
    };
    return { url: flow.notifyUrl, headers, body };
  }

  return {
    base,
    state,
    flow(signFlowId: string): FakeFlow {
      const f = state.flows.get(signFlowId);
      if (!f) throw new Error(`no flow ${signFlowId}`);
      return f;
    },
    /** The customer signs on e签宝's page; the flow completes (autoFinish). */
    sign(signFlowId: string) {
      this.flow(signFlowId).status = 2;
    },
    completeEvent,
    /** Posts the event to the flow's notifyUrl over HTTP, as e签宝 does. */
    async notify(flow: FakeFlow, opts: Parameters<typeof completeEvent>[1] = {}) {
      const e = completeEvent(flow, opts);
      const res = await fetch(e.url, { method: 'POST', headers: e.headers, body: e.body });
      return { status: res.status, body: await res.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type EsignFake = Awaited<ReturnType<typeof startEsignFake>>;
