/**
 * SMS providers, chosen by SMS_PROVIDER. Demo mode uses `log`: the code is written to the server log instead of
 * being sent, so a visitor (or a test harness reading stdout) can log in without a phone. `aliyun` and `tencent`
 * send through the vendor (sms-aliyun.ts, sms-tencent.ts); a send the vendor does not take throws an SmsSendError
 * (sms-failure.ts) with the customer's message, after logging the vendor's code.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import { AliyunSmsProvider } from './sms-aliyun';
import { TencentSmsProvider } from './sms-tencent';

/** The notices a customer hears about by SMS; each is one template at the SMS vendor. */
export const SMS_NOTICE_KINDS = ['paid', 'refundResult', 'shipped', 'withdrawalResult', 'instalmentDue'] as const;
export type SmsNoticeKind = (typeof SMS_NOTICE_KINDS)[number];

export interface SmsProvider {
  sendCode(phone: string, code: string): Promise<void>;
  /** A notice by its template; params are the template's variables, by name. */
  sendNotice(phone: string, kind: SmsNoticeKind, params: Record<string, string>): Promise<void>;
}

/** The exact line the log provider prints; e2e harnesses match it to read the code. */
export const smsLogLine = (phone: string, code: string) => `[sms] 验证码 ${code} 已发送至 ${phone}`;

export class LogSmsProvider implements SmsProvider {
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly print: (line: string) => void = (line) => console.log(line),
  ) {}

  async sendCode(phone: string, code: string): Promise<void> {
    const line = smsLogLine(phone, code);
    this.log.info(line);
    // Also plain stdout: the structured log may be silenced or JSON-wrapped, a harness greps this line.
    this.print(line);
  }

  async sendNotice(phone: string, kind: SmsNoticeKind, params: Record<string, string>): Promise<void> {
    this.log.info({ phone, kind, params }, '[sms] notice');
  }
}

export function createSmsProvider(
  config: Pick<Config, 'smsProvider' | 'smsVendor'>,
  log: FastifyBaseLogger,
): SmsProvider {
  const vendor = config.smsVendor;
  if (config.smsProvider === 'log') return new LogSmsProvider(log);
  if (vendor?.vendor !== config.smsProvider) throw new Error(`SMS_PROVIDER=${config.smsProvider} without its settings`);
  return vendor.vendor === 'aliyun' ? new AliyunSmsProvider(vendor, log) : new TencentSmsProvider(vendor, log);
}
