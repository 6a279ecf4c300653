/** The channels a server runs with: the sandbox always, WeChat and Baidu when configured, SMS through its provider. */
import type { Config } from '../../../config';
import type { SmsProvider } from '../../auth/providers/sms';
import { createBaiduChannel } from './baidu';
import { ChannelError, type ChannelName, type NoticeChannel } from './types';
import { createWechatChannel } from './wechat';

export type NoticeChannels = Partial<Record<ChannelName, NoticeChannel>> & { sandbox: NoticeChannel };

/** The sandbox: the delivery row is the record (shown at /sandbox/notifications); nothing leaves the server. */
export const sandboxChannel: NoticeChannel = { name: 'sandbox', send: async () => {} };

export function smsChannel(sms: SmsProvider): NoticeChannel {
  return {
    name: 'sms',
    async send(phone, content) {
      try {
        await sms.sendNotice(phone, content.kind, content.params);
      } catch (err) {
        throw new ChannelError(`短信 ${err instanceof Error ? err.message : '发送失败'}`, false);
      }
    },
  };
}

export function createNoticeChannels(notify: Config['notify'], sms: SmsProvider): NoticeChannels {
  return {
    sandbox: sandboxChannel,
    sms: smsChannel(sms),
    wechat: notify.wechat ? createWechatChannel(notify.wechat) : undefined,
    baidu: notify.baidu ? createBaiduChannel(notify.baidu) : undefined,
  };
}
