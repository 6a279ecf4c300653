/**
 * What a customer's own calls require (coupons, cards, orders, points, the summary): a logged-in customer with a
 * phone on file, never a visitor's session. The refusal names what to do, in the words of the calling screen.
 */
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import { users } from '../db/schema';
import { AppError } from '../http';
import { requireSession } from './auth';
import type { Db } from './db';
import type { Session } from '../services/sessions';

export const LOGIN_FIRST = '请先登录';

export async function requireCustomer(db: Db, session: Session | null, message: string = LOGIN_FIRST): Promise<Session> {
  const s = requireSession(session);
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.userId, s.userId)).limit(1);
  if (!user?.phone) throw new AppError(403, ERROR_CODES.LOGIN_REQUIRED, message);
  return s;
}
