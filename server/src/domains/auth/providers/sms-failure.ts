/**
 * Why a live SMS was not sent, as the customer hears it. The adapters sort each vendor's error codes into these
 * reasons (and log the vendor's code); the code routes answer the text with HTTP 400 / 429, never a 5xx.
 */
import { VendorError } from '../../../runtime/vendor-call';

export const SMS_FAILURE_TEXTS = {
  /** The vendor refused this number (malformed, not a mobile, blocked). */
  number: '该手机号暂时无法接收短信，请核对号码后重试',
  /** The vendor's own per-number frequency limit. */
  limit: '该手机号获取验证码过于频繁，请稍后再试',
  /** Anything on the merchant's or the vendor's side (keys, balance, template, outage). */
  vendor: '短信发送失败，请稍后再试',
  /** No answer in time: the message may still arrive. */
  timeout: '短信发送超时，如未收到请稍后重新获取',
} as const;
export type SmsFailureReason = keyof typeof SMS_FAILURE_TEXTS;

/** An SMS the vendor did not take. */
export class SmsSendError extends Error {
  constructor(
    readonly reason: SmsFailureReason,
    /** The vendor's answer, for the log. */
    readonly cause: VendorError,
    /** No answer, or a vendor's internal error: the message may still have gone out. */
    private readonly mayHaveSent = !cause.answered,
  ) {
    super(SMS_FAILURE_TEXTS[reason]);
    this.name = 'SmsSendError';
  }

  /** The vendor answered a definite no: nothing went out. */
  get notSent(): boolean {
    return !this.mayHaveSent;
  }
}

/**
 * Sorts a failed call by the vendor codes each adapter lists; unanswered calls are timeouts, and the vendor's own
 * internal errors (`uncertain`) are failures that may still have sent.
 */
export function smsFailure(
  error: VendorError,
  codes: { number: string[]; limit: string[]; uncertain: RegExp },
): SmsSendError {
  if (!error.answered) return new SmsSendError('timeout', error);
  if (codes.uncertain.test(error.code)) return new SmsSendError('vendor', error, true);
  if (codes.number.includes(error.code)) return new SmsSendError('number', error);
  if (codes.limit.includes(error.code)) return new SmsSendError('limit', error);
  return new SmsSendError('vendor', error);
}
