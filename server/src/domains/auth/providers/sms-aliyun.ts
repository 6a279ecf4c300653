/**
 * Aliyun SMS (dysmsapi 2017-05-25 SendSms), signed with Aliyun's signature V3 (ACS3-HMAC-SHA256): the newer of the
 * two Aliyun publishes, SHA-256 rather than V2's HMAC-SHA1, and it also covers the host and the body's hash.
 * Templates take named variables (`${code}`), sent as the TemplateParam JSON.
 */
import { callAliyun } from '../../../runtime/aliyun-openapi';
import { VendorError } from '../../../runtime/vendor-call';
import { templateValues, type AliyunSmsSettings, type SmsMessageKind, type SmsTemplate } from './sms-config';
import { VendorSmsProvider, type SmsVendorCodes } from './sms-vendor';

const CODES: SmsVendorCodes = {
  number: ['isv.MOBILE_NUMBER_ILLEGAL'],
  limit: ['isv.BUSINESS_LIMIT_CONTROL'],
  /** Aliyun's own failures: the message may have gone out. */
  uncertain: /^(isp\.SYSTEM_ERROR|InternalError|ServiceUnavailable)/,
};

export class AliyunSmsProvider extends VendorSmsProvider<AliyunSmsSettings> {
  protected readonly vendorName = 'aliyun';
  protected readonly codes = CODES;

  protected async deliver(
    phone: string,
    kind: SmsMessageKind,
    template: SmsTemplate,
    values: Record<string, string>,
  ): Promise<void> {
    const query = {
      PhoneNumbers: phone,
      SignName: this.settings.signName,
      TemplateCode: template.id,
      TemplateParam: JSON.stringify(Object.fromEntries(templateValues(kind, template, values))),
    };
    const answer = await callAliyun(
      { ...this.settings, product: 'dysmsapi', action: 'SendSms', version: '2017-05-25' },
      query,
    );
    if (answer.Code !== 'OK') {
      const requestId = typeof answer.RequestId === 'string' ? answer.RequestId : undefined;
      throw new VendorError('aliyun.dysmsapi', String(answer.Code), String(answer.Message ?? ''), true, requestId);
    }
  }
}
