/**
 * The notifications of the sandbox channels (payment, refund, payout): a JSON body signed with HMAC-SHA256 (hex)
 * under the sandbox key in one header of each channel's own, sent after a delay as a real channel calls back.
 * The live channels speak their providers' protocols instead (wechat-pay-client.ts and the providers' modules).
 */
import { createHmac } from 'node:crypto';
import type { z } from 'zod';
import { sameText } from './hmac';
import { badRequest } from './http';
import { headerOf, type NotificationHeaders } from './wechat-pay-client';

export const signSandboxBody = (rawBody: string, key: string) =>
  createHmac('sha256', key).update(rawBody, 'utf8').digest('hex');

/** The JSON text of `payload` and its headers, signed in `header`. */
export function signedNotification(payload: object, header: string, key: string) {
  const body = JSON.stringify(payload);
  return { body, headers: { 'content-type': 'application/json', [header]: signSandboxBody(body, key) } };
}

/** A notification's fields once its signature holds; each refusal is a 400 with the channel's own message. */
export function readSignedNotification<T>(
  rawBody: string,
  headers: NotificationHeaders,
  channel: { header: string; key: string; schema: z.ZodType<T>; badSignature: string; badBody: string },
): T {
  const given = (headerOf(headers, channel.header) ?? '').toLowerCase();
  if (!sameText(given, signSandboxBody(rawBody, channel.key))) throw badRequest(channel.badSignature);
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw badRequest(channel.badBody);
  }
  const result = channel.schema.safeParse(parsed);
  if (!result.success) throw badRequest(channel.badBody);
  return result.data;
}

/** Sends scheduled `delayMs` ahead, as a channel calls back later; `close` drops those not yet sent. */
export function delayedSends(delayMs: number, onError?: (err: unknown) => void) {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  return {
    later(send: () => Promise<unknown>) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!closed) send().catch((err) => onError?.(err));
      }, delayMs);
      timers.add(timer);
    },
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
