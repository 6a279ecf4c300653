/**
 * WeChat: wx.requestSubscribeMessage shows the permission sheet. WeChat only opens it from a tap or a payment's
 * completion, so the template ids are fetched beforehand (stores/subscribe.ts) and the sheet is asked for at once.
 */
import Taro from '@tarojs/taro';
import type { SubscribeHost } from './types';

export * from './types';

export const subscribeHost: SubscribeHost = {
  platform: 'WEAPP',
  async request(templateIds) {
    // entityIds is Alipay's (Taro's type asks for it); WeChat takes tmplIds only.
    const option = { tmplIds: templateIds } as Taro.requestSubscribeMessage.Option;
    const res = (await Taro.requestSubscribeMessage(option)) as unknown as Record<string, unknown>;
    const out: Record<string, string> = {};
    for (const id of templateIds) if (typeof res[id] === 'string') out[id] = res[id] as string;
    return out;
  },
};
