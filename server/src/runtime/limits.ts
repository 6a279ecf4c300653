/**
 * The rate limits of the public calls that cost something, on top of a Limiter:
 * - SMS codes: per client IP per hour and for the whole server per minute (configurable, config.limits), and
 *   per phone per day, besides the one-per-minute rule in phone-auth.ts;
 * - wrong code guesses: per phone per day, whatever number of codes was sent (a new code does not give new
 *   guesses);
 * - entrance calls that create a visitor and a session: per client IP per minute;
 * - operator console logins: per client IP per 15 minutes (each account also locks itself after 5 wrong passwords).
 * Over a limit is HTTP 429 with a Chinese message. The client IP is request.ip, which honours TRUST_PROXY.
 */
import { ERROR_CODES, type ErrorCode } from '../../../contract/common';
import type { Config } from '../config';
import { AppError } from './http';
import type { Limiter } from './limiter';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const CODES_PER_PHONE_PER_DAY = 10;
export const WRONG_GUESSES_PER_PHONE_PER_DAY = 10;
/** Console login attempts per client IP per 15 minutes: room for a team behind one address, not for guessing. */
export const OPS_LOGINS_PER_IP = 30;

export const LIMIT_MESSAGES = {
  smsPerIp: '获取验证码太频繁，请稍后再试',
  smsBusy: '短信发送繁忙，请稍后再试',
  smsPerPhone: '该手机号今日获取验证码次数已达上限，请明天再试',
  guesses: '验证码错误次数过多，请24小时后再试',
  entrance: '访问太频繁，请稍后再试',
  opsLogin: '登录尝试太频繁，请稍后再试',
} as const;

/**
 * The client a limit counts: an IPv4 address (also when IPv4-mapped), or an IPv6 address's /64 network, since
 * one IPv6 customer line usually owns a whole /64 and could otherwise take a fresh address per request.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const tooMany = (message: string, code: ErrorCode = ERROR_CODES.TOO_MANY_REQUESTS) => new AppError(429, code, message);

export class RequestLimits {
  constructor(
    private readonly store: Limiter,
    private readonly config: Config['limits'],
  ) {}

  /**
   * Before a code is sent: the client's and the server's budgets count this attempt; the phone's daily budget
   * is only checked here and counted by `codeSent`, so a tap refused by the one-per-minute rule costs nothing.
   */
  async smsSend(ip: string, phone: string): Promise<void> {
    // The client's own budget first: one client refused there cannot use up everyone's budget.
    if (!(await this.store.hit(`sms:ip:${clientKey(ip)}`, this.config.smsPerIpPerHour, HOUR)).allowed)
      throw tooMany(LIMIT_MESSAGES.smsPerIp);
    if (!(await this.store.hit('sms:all', this.config.smsPerMinute, MINUTE)).allowed)
      throw tooMany(LIMIT_MESSAGES.smsBusy);
    if ((await this.store.count(`sms:phone:${phone}`)) >= CODES_PER_PHONE_PER_DAY) {
      throw tooMany(LIMIT_MESSAGES.smsPerPhone, ERROR_CODES.SMS_TOO_FREQUENT);
    }
  }

  /** After a code went out (phone-auth's one-per-minute rule serialises these per phone). */
  async codeSent(phone: string): Promise<void> {
    await this.store.hit(`sms:phone:${phone}`, CODES_PER_PHONE_PER_DAY, DAY);
  }

  /**
   * Before a code is compared: the attempt is counted first (so parallel guesses cannot all slip under the
   * limit) and forgiven by `guessSucceeded` when the code was right.
   */
  async guess(phone: string): Promise<void> {
    if (!(await this.store.hit(`sms:guess:${phone}`, WRONG_GUESSES_PER_PHONE_PER_DAY, DAY)).allowed) {
      throw tooMany(LIMIT_MESSAGES.guesses, ERROR_CODES.SMS_TOO_MANY_ATTEMPTS);
    }
  }

  async guessSucceeded(phone: string): Promise<void> {
    await this.store.reset(`sms:guess:${phone}`);
  }

  /** Before an entrance makes a new visitor for this client (rejects when over the limit). */
  async newVisitor(ip: string): Promise<void> {
    if (
      !(await this.store.hit(`entrance:ip:${clientKey(ip)}`, this.config.entrancePerIpPerMinute, MINUTE, true)).allowed
    ) {
      throw tooMany(LIMIT_MESSAGES.entrance);
    }
  }

  /** Before an operator's login is checked: every attempt counts, right or wrong. */
  async opsLogin(ip: string): Promise<void> {
    if (!(await this.store.hit(`ops-login:ip:${clientKey(ip)}`, OPS_LOGINS_PER_IP, 15 * MINUTE)).allowed) {
      throw tooMany(LIMIT_MESSAGES.opsLogin);
    }
  }
}
