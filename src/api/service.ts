/** Customer service settings, QR images, traffic links and image data (user and auth services, §7). */
import type { ServiceInfo, TrafficLinkInfo } from '@contract/user-extras';
import type { Request } from './request';

export function createServiceApi(request: Request) {
  return {
    info: () => request<ServiceInfo>({ url: '/front/v1/service/info', method: 'GET', service: 'user' }),
    /** §7 /api/text2QrCode: a PNG data URL of the text. */
    qrCode: (text: string) =>
      request<{ image: string }>({ url: '/api/text2QrCode', method: 'GET', service: 'auth', data: { text } }),
    trafficLink: (id: string) =>
      request<TrafficLinkInfo>({
        url: `/front/traffic/link/${encodeURIComponent(id)}`,
        method: 'GET',
        service: 'user',
        repeat: true,
      }),
    imageBase64: (url: string) =>
      request<{ base64: string }>({ url: '/front/image/to/base64', method: 'GET', service: 'user', data: { url } }),
  };
}
