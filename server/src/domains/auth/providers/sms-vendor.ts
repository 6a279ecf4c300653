/**
 * The shell both live SMS adapters share: pick the message's template, hand it to the vendor's call, and when the
 * vendor fails, log its code and sort it into the reason the customer hears. Each vendor file keeps only its
 * protocol: the request body, the signed call, and what in its answer means "sent".
 */
import type { FastifyBaseLogger } from 'fastify';
import { VendorError } from '../../../runtime/vendor-call';
import type { SmsNoticeKind, SmsProvider } from './sms';
import { SMS_CODE_MINUTES, type SmsMessageKind, type SmsTemplate, type SmsVendorSettings } from './sms-config';
import { smsFailure } from './sms-failure';

/** A vendor's error codes, sorted into the reasons smsFailure gives. */
export type SmsVendorCodes = Parameters<typeof smsFailure>[1];

export abstract class VendorSmsProvider<S extends SmsVendorSettings> implements SmsProvider {
  /** The vendor's name in the log line. */
  protected abstract readonly vendorName: string;
  protected abstract readonly codes: SmsVendorCodes;

  constructor(
    protected readonly settings: S,
    private readonly log: FastifyBaseLogger,
  ) {}

  sendCode(phone: string, code: string): Promise<void> {
    return this.send(phone, 'code', { code, minutes: SMS_CODE_MINUTES });
  }

  sendNotice(phone: string, kind: SmsNoticeKind, params: Record<string, string>): Promise<void> {
    return this.send(phone, kind, params);
  }

  /** Sends one message; throws a VendorError when the vendor did not take it. */
  protected abstract deliver(
    phone: string,
    kind: SmsMessageKind,
    template: SmsTemplate,
    values: Record<string, string>,
  ): Promise<void>;

  private async send(phone: string, kind: SmsMessageKind, values: Record<string, string>): Promise<void> {
    const template = this.settings.templates[kind];
    try {
      await this.deliver(phone, kind, template, values);
    } catch (err) {
      if (!(err instanceof VendorError)) throw err;
      this.log.warn(
        { vendor: err.vendor, vendorCode: err.code, requestId: err.requestId, kind, template: template.id },
        `[sms] ${this.vendorName} SendSms failed: ${err.message}`,
      );
      throw smsFailure(err, this.codes);
    }
  }
}
