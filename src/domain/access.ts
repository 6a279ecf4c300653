/** The visitor-access check of §2, run before every navigation and when a page is opened directly. */
import { VISITOR_ROUTES, normalizePath } from './routes';

export type AccessDecision = { allowed: true } | { allowed: false; reason: 'LOGIN_REQUIRED' };

/** A user is logged in when the session has a token and a phone on file (a visitor has only a token). */
export function isLoggedIn(session: { token: string; userInfo: { phone: string | null } | null }): boolean {
  return Boolean(session.token && session.userInfo && session.userInfo.phone);
}

export function checkAccess(path: string, loggedIn: boolean): AccessDecision {
  if (loggedIn || VISITOR_ROUTES.includes(normalizePath(path))) return { allowed: true };
  return { allowed: false, reason: 'LOGIN_REQUIRED' };
}
