/**
 * Tencent Cloud SMS (SendSms, API 2021-01-11, TC3-HMAC-SHA256 through runtime/tencent-cloud-api.ts). Templates
 * are positional ({1}, {2}): the values go in the template's order. A call can be accepted while the one number
 * in it is refused: SendStatusSet[0].Code is "Ok" only when that number's message went out.
 */
import type { FastifyBaseLogger } from 'fastify';
import { callTencentCloud } from '../../../runtime/tencent-cloud-api';
import { VendorError } from '../../../runtime/vendor-call';
import type { SmsNoticeKind, SmsProvider } from './sms';
import { SMS_CODE_MINUTES, templateValues, type SmsMessageKind, type TencentSmsSettings } from './sms-config';
import { smsFailure } from './sms-failure';

const CODES = {
  number: [
    'InvalidParameterValue.IncorrectPhoneNumber',
    'FailedOperation.PhoneNumberInBlacklist',
    'FailedOperation.PhoneNumberOnBlacklist',
  ],
  limit: [
    'LimitExceeded.PhoneNumberThirtySecondLimit',
    'LimitExceeded.PhoneNumberOneHourLimit',
    'LimitExceeded.PhoneNumberDailyLimit',
    'LimitExceeded.PhoneNumberSameContentDailyLimit',
    'LimitExceeded.DeliveryFrequencyLimit',
  ],
  /** Tencent's own failures: the message may have gone out. */
  uncertain: /^InternalError/,
};

export class TencentSmsProvider implements SmsProvider {
  constructor(
    private readonly settings: TencentSmsSettings,
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
    const params = {
      PhoneNumberSet: [`+86${phone}`],
      SmsSdkAppId: this.settings.sdkAppId,
      SignName: this.settings.signName,
      TemplateId: template.id,
      TemplateParamSet: templateValues(kind, template, values).map(([, value]) => value),
    };
    try {
      const answer = await callTencentCloud(
        { ...this.settings, service: 'sms', action: 'SendSms', version: '2021-01-11' },
        params,
      );
      const status = (answer.SendStatusSet as Array<{ Code?: unknown; Message?: unknown }> | undefined)?.[0];
      const requestId = typeof answer.RequestId === 'string' ? answer.RequestId : undefined;
      if (!status) throw new VendorError('tencentcloud.sms', 'BAD_ANSWER', 'no SendStatusSet', false, requestId);
      if (status.Code !== 'Ok')
        throw new VendorError('tencentcloud.sms', String(status.Code), String(status.Message ?? ''), true, requestId);
    } catch (err) {
      if (!(err instanceof VendorError)) throw err;
      this.log.warn(
        { vendor: err.vendor, vendorCode: err.code, requestId: err.requestId, kind, template: template.id },
        `[sms] tencent SendSms failed: ${err.message}`,
      );
      throw smsFailure(err, CODES);
    }
  }
}
