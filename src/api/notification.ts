/** Notifications: the subscribe templates to ask for, and the customer's answers (server domains/notification). */
import type { NotifyTemplatesInfo } from '@contract/notification';
import type { Request } from './request';

export type SubscribePlatform = 'WEAPP' | 'SWAN';
export type SubscribeMoment = 'afterPay' | 'afterRefundApply';

export function createNotificationApi(request: Request) {
  return {
    templates: (platform: SubscribePlatform, moment: SubscribeMoment) =>
      request<NotifyTemplatesInfo>({ url: '/front/v1/notification/templates', data: { platform, moment } }),
    /** subscribeId: Baidu's, the subscribe-id of the form that granted them. */
    subscribe: (platform: SubscribePlatform, results: Record<string, string>, subscribeId?: string) =>
      request<{ granted: number }>({
        url: '/front/v1/notification/subscribe',
        data: subscribeId ? { platform, results, subscribeId } : { platform, results },
      }),
  };
}
export type NotificationApi = ReturnType<typeof createNotificationApi>;
