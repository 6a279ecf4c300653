/**
 * What a customer's own calls require (coupons, cards, orders, points, the summary): a logged-in customer with a
 * phone on file, never a visitor's session. The refusal names what to do, in the words of the calling screen.
 */
import { ERROR_CODES } from '@contract/common';
import { AppError } from './http';
import { requireSession } from './auth';
import type { Db } from './database/plugin';
import type { Session } from './sessions';
import { sessionUser } from '../domains/user/service';

export const LOGIN_FIRST = '请先登录';

export async function requireCustomer(
  db: Db,
  session: Session | null,
  message: string = LOGIN_FIRST,
): Promise<Session> {
  const s = requireSession(session);
  // On PostgreSQL the auth hook read the user row with the session (runtime/sessions.ts).
  const user = await sessionUser(db, s);
  if (!user?.phone) throw new AppError(403, ERROR_CODES.LOGIN_REQUIRED, message);
  return s;
}
