/** Coupons and cards belong to a logged-in customer (a phone on file), never to a visitor's session. */
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import { users } from '../../db/schema';
import { AppError } from '../../http';
import { requireSession } from '../../plugins/auth';
import type { Db } from '../../plugins/db';
import type { Session } from '../../services/sessions';

export const LOGIN_FIRST = '请先登录';

export async function requireCustomer(db: Db, session: Session | null): Promise<Session> {
  const s = requireSession(session);
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.userId, s.userId)).limit(1);
  if (!user?.phone) throw new AppError(403, ERROR_CODES.LOGIN_REQUIRED, LOGIN_FIRST);
  return s;
}
