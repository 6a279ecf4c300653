/**
 * What a customer's own calls require (coupons, cards, orders, points, the summary): a logged-in customer with a
 * phone on file, never a visitor's session. The refusal names what to do, in the words of the calling screen.
 */
import { ERROR_CODES } from '@contract/common';
import { AppError } from './http';
import { requireSession } from './auth';
import type { Db } from './database/plugin';
import { isKnownCustomer, markCustomer, type Session } from './sessions';
import { sessionUser } from '../domains/user/service';

export const LOGIN_FIRST = '请先登录';

export async function requireCustomer(
  db: Db,
  session: Session | null,
  message: string = LOGIN_FIRST,
): Promise<Session> {
  const s = requireSession(session);
  // One process remembers a customer's session as one (runtime/sessions.ts); otherwise the auth hook read the user
  // row with the session, or it is read here.
  if (isKnownCustomer(db, s)) return s;
  const user = await sessionUser(db, s);
  if (!user?.phone) throw new AppError(403, ERROR_CODES.LOGIN_REQUIRED, message);
  markCustomer(db, s);
  return s;
}
