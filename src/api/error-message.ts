import { ApiError } from './request';

/**
 * What to tell the visitor when a call failed: the server's own message when it answered one (or the request
 * layer's §8 text for offline, time-out and empty answers), else the caller's fallback, so a programming error
 * never reaches the screen as its JavaScript message.
 */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}
