/**
 * Baidu smart-program login (smartprogram.baidu.com/docs/develop/api/open/log_Session-Key):
 * - POST /oauth/jscode2sessionkey (form: code, client_id = App Key, sk = App Secret) → openid, session_key;
 *   an error answers { errno, error, error_description } (invalid_grant: the code is invalid, expired or used).
 * - The phone button (open-type getPhoneNumber) gives encryptedData and iv, decrypted with the session key
 *   (用户数据的签名验证和加解密, https://smartprogram.baidu.com/docs/develop/api/open/log_userdata/): AES-192-CBC,
 *   key = base64(session_key), PKCS#7 padding to 32-byte blocks (Baidu's samples strip 1 to 32 bytes), plaintext =
 *   16 random bytes | 4-byte big-endian length | JSON ({"mobile": ...}) | App Key. The trailing App Key names
 *   the app: data of another app is refused.
 * apiBase is BAIDU_SWAN_API_BASE (https://spapi.baidu.com; a local fake in tests).
 */
import { createDecipheriv } from 'node:crypto';
import { badRequest } from '../../../runtime/http';
import { MINI_TEXTS, mainlandPhone, platformUnavailable, type MiniLoginProvider } from './mini-login';

const REQUEST_TIMEOUT_MS = 10_000;
/** Baidu pads to 32-byte blocks, twice AES's block: Node's own unpadding (16) refuses any pad over 16. */
const BAIDU_PAD_BLOCK = 32;

export interface BaiduMiniLoginOptions {
  appKey: string;
  appSecret: string;
  apiBase: string;
  fetch?: typeof fetch;
}

/** Decrypts Baidu's encrypted user data; null when it does not decrypt or is not framed as Baidu frames it. */
export function decryptBaiduData(
  sessionKey: string,
  encryptedData: string,
  iv: string,
): { json: unknown; appKey: string } | null {
  try {
    const key = Buffer.from(sessionKey, 'base64');
    const ivBytes = Buffer.from(iv, 'base64');
    if (key.length !== 24 || ivBytes.length !== 16) return null;
    const decipher = createDecipheriv('aes-192-cbc', key, ivBytes).setAutoPadding(false);
    const padded = Buffer.concat([decipher.update(Buffer.from(encryptedData, 'base64')), decipher.final()]);
    const pad = padded[padded.length - 1];
    if (!pad || pad > BAIDU_PAD_BLOCK || pad > padded.length || padded.subarray(-pad).some((b) => b !== pad))
      return null;
    const plain = padded.subarray(0, padded.length - pad);
    if (plain.length < 20) return null;
    const length = plain.readUInt32BE(16);
    if (20 + length > plain.length) return null;
    return {
      json: JSON.parse(plain.subarray(20, 20 + length).toString('utf8')),
      appKey: plain.subarray(20 + length).toString('utf8'),
    };
  } catch {
    return null;
  }
}

export function createBaiduMiniLogin(o: BaiduMiniLoginOptions): MiniLoginProvider {
  const doFetch = o.fetch ?? fetch;
  return {
    name: 'baidu',
    platform: 'SWAN',
    appId: o.appKey,
    async code2Session(code) {
      let res: Response;
      try {
        res = await doFetch(`${o.apiBase}/oauth/jscode2sessionkey`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ code, client_id: o.appKey, sk: o.appSecret }).toString(),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch {
        throw platformUnavailable('SWAN', 'jscode2sessionkey 网络错误');
      }
      let json: Record<string, unknown> | null = null;
      try {
        const parsed = (await res.json()) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
      } catch {
        // not JSON
      }
      if (!json) throw platformUnavailable('SWAN', `jscode2sessionkey HTTP ${res.status}`);
      if (json.error === 'invalid_grant') throw badRequest(MINI_TEXTS.codeRefused);
      if (json.error !== undefined || json.errno)
        throw platformUnavailable('SWAN', `jscode2sessionkey ${String(json.error ?? json.errno)}`);
      if (
        typeof json.openid !== 'string' ||
        !json.openid ||
        typeof json.session_key !== 'string' ||
        !json.session_key
      ) {
        throw platformUnavailable('SWAN', 'jscode2sessionkey 缺少 openid');
      }
      return { openid: json.openid, unionId: null, sessionKey: json.session_key };
    },
    async phoneNumber(proof) {
      if (!proof.sessionKey) throw badRequest(MINI_TEXTS.needLogin);
      if (!proof.encryptedData || !proof.iv) throw badRequest(MINI_TEXTS.phoneRefused);
      const data = decryptBaiduData(proof.sessionKey, proof.encryptedData, proof.iv);
      if (!data) throw badRequest(MINI_TEXTS.phoneRefused);
      if (data.appKey !== o.appKey) throw badRequest(MINI_TEXTS.otherApp);
      return mainlandPhone((data.json as { mobile?: unknown } | null)?.mobile);
    },
  };
}
