/**
 * The console's session in localStorage, so a reload or a second tab stays logged in until `expiresAt`.
 * A stored session that is malformed or past its time reads as none.
 */
import type { OpsSession } from '@contract/operators';

const KEY = 'sf-admin:session';

export function isLive(session: OpsSession, now = Date.now()): boolean {
  const until = Date.parse(session.expiresAt);
  return Number.isFinite(until) && until > now;
}

export function readSession(storage: Pick<Storage, 'getItem'> = localStorage): OpsSession | null {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? 'null') as OpsSession | null;
    if (!value || typeof value.token !== 'string' || !value.operator) return null;
    return value;
  } catch {
    return null;
  }
}

export function writeSession(
  session: OpsSession | null,
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
) {
  if (session) storage.setItem(KEY, JSON.stringify(session));
  else storage.removeItem(KEY);
}
