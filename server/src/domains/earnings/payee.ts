/**
 * Where a WeChat payout goes: the earner's openid in one of the paying merchant's apps (the mini-program,
 * WECHAT_PAY_MINI_APP_ID, from wx.login; the official account, WECHAT_PAY_APP_ID, from the WeChat browser's OAuth),
 * as domains/payment/payer-openid.ts finds a payer's. The app used last wins: that is where the earner will
 * confirm the transfer. An openid of any other app is never used: WeChat would refuse it.
 */
import { and, desc, eq, or } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../order/state-db';
import { platformIdentities } from '../auth/schema';

export type Payee = { platform: 'WEAPP' | 'WECHAT_H5'; appId: string; openid: string };

export const NO_PAYEE = '提现将转入微信零钱，请先在微信小程序或微信中打开本店并登录后再提现';

export async function payeeOf(db: Executor, pay: Config['wechatPay'], userId: string): Promise<Payee | null> {
  const apps = [
    pay.miniAppId
      ? and(eq(platformIdentities.platform, 'WEAPP'), eq(platformIdentities.appId, pay.miniAppId))
      : undefined,
    pay.appId ? and(eq(platformIdentities.platform, 'WECHAT_H5'), eq(platformIdentities.appId, pay.appId)) : undefined,
  ].filter((c) => c !== undefined);
  if (!apps.length) return null;
  const [row] = await db
    .select({
      platform: platformIdentities.platform,
      appId: platformIdentities.appId,
      openid: platformIdentities.openid,
    })
    .from(platformIdentities)
    .where(and(eq(platformIdentities.userId, userId), or(...apps)))
    .orderBy(desc(platformIdentities.updatedAt))
    .limit(1);
  return row ? { platform: row.platform as Payee['platform'], appId: row.appId, openid: row.openid } : null;
}
