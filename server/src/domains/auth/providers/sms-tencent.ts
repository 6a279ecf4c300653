/**
 * Tencent Cloud SMS (SendSms, API 2021-01-11, TC3-HMAC-SHA256 through runtime/tencent-cloud-api.ts). Templates
 * are positional ({1}, {2}): the values go in the template's order. A call can be accepted while the one number
 * in it is refused: SendStatusSet[0].Code is "Ok" only when that number's message went out.
 */
import { callTencentCloud } from '../../../runtime/tencent-cloud-api';
import { VendorError } from '../../../runtime/vendor-call';
import { templateValues, type TencentSmsSettings, type SmsMessageKind, type SmsTemplate } from './sms-config';
import { VendorSmsProvider, type SmsVendorCodes } from './sms-vendor';

const CODES: SmsVendorCodes = {
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

export class TencentSmsProvider extends VendorSmsProvider<TencentSmsSettings> {
  protected readonly vendorName = 'tencent';
  protected readonly codes = CODES;

  protected async deliver(
    phone: string,
    kind: SmsMessageKind,
    template: SmsTemplate,
    values: Record<string, string>,
  ): Promise<void> {
    const params = {
      PhoneNumberSet: [`+86${phone}`],
      SmsSdkAppId: this.settings.sdkAppId,
      SignName: this.settings.signName,
      TemplateId: template.id,
      TemplateParamSet: templateValues(kind, template, values).map(([, value]) => value),
    };
    const answer = await callTencentCloud(
      { ...this.settings, service: 'sms', action: 'SendSms', version: '2021-01-11' },
      params,
    );
    const status = (answer.SendStatusSet as Array<{ Code?: unknown; Message?: unknown }> | undefined)?.[0];
    const requestId = typeof answer.RequestId === 'string' ? answer.RequestId : undefined;
    if (!status) throw new VendorError('tencentcloud.sms', 'BAD_ANSWER', 'no SendStatusSet', false, requestId);
    if (status.Code !== 'Ok')
      throw new VendorError('tencentcloud.sms', String(status.Code), String(status.Message ?? ''), true, requestId);
  }
}
