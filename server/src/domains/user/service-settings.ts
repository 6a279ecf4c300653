/** Per-project customer service and follow settings (§1 customer service, drainage code). */
import { eq } from 'drizzle-orm';
import type { ServiceInfo } from '@contract/user-extras';
import { serviceSettings } from './schema';
import type { Db } from '../../runtime/database/plugin';

/** What a project without its own settings shows: the platform's service line. */
export const DEFAULT_SERVICE = { phone: '4008008000', hours: '周一至周日 9:00-21:00' } as const;

/** 4008008000 -> 400-800-8000; 13800138000 -> 138-0013-8000; other numbers as they are. */
export function phoneText(phone: string): string {
  if (/^400\d{7}$/.test(phone)) return `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
  if (/^1\d{10}$/.test(phone)) return `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`;
  return phone;
}

export async function serviceInfo(db: Db, projectSn: string): Promise<ServiceInfo> {
  const [row] = await db.select().from(serviceSettings).where(eq(serviceSettings.projectSn, projectSn)).limit(1);
  const phone = row?.phone ?? DEFAULT_SERVICE.phone;
  return {
    phone,
    phoneText: phoneText(phone),
    hours: row?.hours ?? DEFAULT_SERVICE.hours,
    wechatLink: row?.wechatQr ?? null,
    wechatName: row?.wechatName ?? null,
    followLink: row?.followLink ?? null,
    followTitle: row?.followTitle ?? null,
    followText: row?.followText ?? null,
  };
}
