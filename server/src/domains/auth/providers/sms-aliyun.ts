/**
 * Aliyun SMS (dysmsapi 2017-05-25 SendSms), signed with Aliyun's signature V3 (ACS3-HMAC-SHA256): the newer of the
 * two Aliyun publishes, SHA-256 rather than V2's HMAC-SHA1, and it also covers the host and the body's hash.
 * Templates take named variables (`${code}`), sent as the TemplateParam JSON.
 */
import type { FastifyBaseLogger } from 'fastify';
import { callAliyun } from '../../../runtime/aliyun-openapi';
import { VendorError } from '../../../runtime/vendor-call';
import type { SmsNoticeKind, SmsProvider } from './sms';
import { SMS_CODE_MINUTES, templateValues, type AliyunSmsSettings, type SmsMessageKind } from './sms-config';
import { smsFailure } from './sms-failure';

const CODES = {
  number: ['isv.MOBILE_NUMBER_ILLEGAL'],
  limit: ['isv.BUSINESS_LIMIT_CONTROL'],
  /** Aliyun's own failures: the message may have gone out. */
  uncertain: /^(isp\.SYSTEM_ERROR|InternalError|ServiceUnavailable)/,
};

export class AliyunSmsProvider implements SmsProvider {
  constructor(
    private readonly settings: AliyunSmsSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  sendCode(phone: string, code: string): Promise<void> {
    return this.send(phone, 'code', { code, minutes: SMS_CODE_MINUTES });
  }

  sendNotice(phone: string, kind: SmsNoticeKind, params: Record<string, string>): Promise<void> {
    return this.send(phone, kind, params);
  }

  private async send(phone: string, kind: SmsMessageKind, values: Record<string, string>): Promise<void> {
    const template = this.settings.templates[kind];
    const query = {
      PhoneNumbers: phone,
      SignName: this.settings.signName,
      TemplateCode: template.id,
      TemplateParam: JSON.stringify(Object.fromEntries(templateValues(kind, template, values))),
    };
    try {
      const answer = await callAliyun(
        { ...this.settings, product: 'dysmsapi', action: 'SendSms', version: '2017-05-25' },
        query,
      );
      if (answer.Code !== 'OK') {
        const requestId = typeof answer.RequestId === 'string' ? answer.RequestId : undefined;
        throw new VendorError('aliyun.dysmsapi', String(answer.Code), String(answer.Message ?? ''), true, requestId);
      }
    } catch (err) {
      if (!(err instanceof VendorError)) throw err;
      this.log.warn(
        { vendor: err.vendor, vendorCode: err.code, requestId: err.requestId, kind, template: template.id },
        `[sms] aliyun SendSms failed: ${err.message}`,
      );
      throw smsFailure(err, CODES);
    }
  }
}
