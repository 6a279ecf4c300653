/** Upload credentials (§7 GET /front/oss/sign, user service). The file itself goes to the host: platform/upload. */
import type { UploadCredentials } from '@contract/upload';
import type { Request } from './request';

export function createUploadApi(request: Request) {
  return {
    credentials: () => request<UploadCredentials>({ url: '/front/oss/sign', method: 'GET', service: 'user' }),
  };
}
