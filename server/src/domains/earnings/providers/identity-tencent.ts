/**
 * Real-name verification by Tencent Cloud faceid 身份信息认证 (IdCardVerification, API 2018-03-01, TC3 through
 * runtime/tencent-cloud-api.ts): the name and ID number against the authoritative record. Result "0" is a match;
 * -1, -2, -3 and -5 are the customer's data (a clear message, counted as a failed attempt); -4 and -6 (the record
 * service is down), an API error or no answer in time are the verifier's, and -7 its daily limit: those answer
 * their own message, are logged with the vendor's code, and count against nobody.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '@contract/common';
import { AppError } from '../../../runtime/http';
import { callTencentCloud } from '../../../runtime/tencent-cloud-api';
import { VendorError } from '../../../runtime/vendor-call';
import { IDENTITY_MISMATCH, type IdentityProvider, type IdentityResult } from './identity';
import type { TencentFaceidSettings } from './identity-config';

export const FACEID_TEXTS = {
  badIdNumber: '身份证号码有误，请核对后重新认证',
  badName: '姓名有误，请核对后重新认证',
  noRecord: '未查询到该身份证号的登记信息，请核对后重新认证',
  dailyLimit: '今日认证次数已达上限，请明天再试',
  unavailable: '实名认证服务暂时无法使用，请稍后再试',
  timeout: '实名认证服务响应超时，请稍后再试',
} as const;

/** The customer's data, by result code (a function: identity.ts imports this file, so its text is read late). */
const mismatch = (result: string): string | undefined =>
  ({
    '-1': IDENTITY_MISMATCH,
    '-2': FACEID_TEXTS.badIdNumber,
    '-3': FACEID_TEXTS.badName,
    '-5': FACEID_TEXTS.noRecord,
  })[result];

/** The verifier could not say: a 400 with its own code, which the route does not count as the customer's failure. */
const unavailable = (text: string) => new AppError(400, ERROR_CODES.IDENTITY_UNAVAILABLE, text);

export function createTencentIdentityProvider(
  settings: TencentFaceidSettings,
  log: FastifyBaseLogger,
): IdentityProvider {
  const call = { ...settings, service: 'faceid', action: 'IdCardVerification', version: '2018-03-01' };
  return {
    name: 'tencent-faceid',
    async verify({ realName, idNumber }): Promise<IdentityResult> {
      let answer: Record<string, unknown>;
      try {
        answer = await callTencentCloud(call, { IdCard: idNumber, Name: realName });
      } catch (err) {
        if (!(err instanceof VendorError)) throw err;
        log.warn(
          { vendor: err.vendor, vendorCode: err.code, requestId: err.requestId },
          `[identity] faceid IdCardVerification failed: ${err.message}`,
        );
        throw unavailable(err.code === 'TIMEOUT' ? FACEID_TEXTS.timeout : FACEID_TEXTS.unavailable);
      }
      const result = String(answer.Result);
      const requestId = String(answer.RequestId ?? '');
      if (result === '0') return { ok: true, ref: requestId };
      const reason = mismatch(result);
      if (reason) return { ok: false, reason };
      log.warn(
        { vendor: 'tencentcloud.faceid', vendorCode: result, requestId, description: answer.Description },
        '[identity] faceid could not verify',
      );
      if (result === '-7') throw new AppError(429, ERROR_CODES.TOO_MANY_REQUESTS, FACEID_TEXTS.dailyLimit);
      throw unavailable(FACEID_TEXTS.unavailable);
    },
  };
}
