/**
 * The payer's openid for a WeChat JSAPI payment: the identity WeChat login gave this customer in the
 * app that pays — the official account (WECHAT_PAY_APP_ID, from the WeChat browser's OAuth) for H5, the
 * mini-program (WECHAT_PAY_MINI_APP_ID, from wx.login) for WEAPP. An openid of any other app is never used:
 * WeChat Pay would refuse it, and it is not this payer's in the paying app.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { PaySource, TradeType } from './providers/types';
import type { Config } from '../../config';
import { platformIdentities } from '../auth/schema';
import type { Db } from '../../runtime/database/plugin';

export async function payerOpenid(
  db: Db,
  pay: Config['wechatPay'],
  input: { userId: string; paySource: PaySource; tradeType: TradeType },
): Promise<string | undefined> {
  if (input.tradeType !== 'JSAPI') return undefined;
  const target =
    input.paySource === 'WEAPP'
      ? { platform: 'WEAPP' as const, appId: pay.miniAppId }
      : input.paySource === 'H5'
        ? { platform: 'WECHAT_H5' as const, appId: pay.appId }
        : null;
  if (!target?.appId) return undefined;
  const [row] = await db
    .select({ openid: platformIdentities.openid })
    .from(platformIdentities)
    .where(
      and(
        eq(platformIdentities.userId, input.userId),
        eq(platformIdentities.platform, target.platform),
        eq(platformIdentities.appId, target.appId),
      ),
    )
    .orderBy(desc(platformIdentities.updatedAt))
    .limit(1);
  return row?.openid;
}
