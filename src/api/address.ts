/** Addresses and the area tree (§7 forms and address). */
import type { Address, AddressSave, Area } from '@contract/address';
import type { Request } from './request';

type SaveBody = Omit<AddressSave, 'timestamp' | 'nonceStr' | 'sign' | 'token'>;

export function createAddressApi(request: Request) {
  return {
    list: () => request<{ list: Address[] }>({ url: '/front/v1/address/list', method: 'GET' }),
    get: (id: string) => request<Address>({ url: `/front/v1/address/${encodeURIComponent(id)}`, method: 'GET' }),
    remove: (id: string) =>
      request<null>({ url: `/front/v1/address/${encodeURIComponent(id)}`, method: 'DELETE', loading: true }),
    save: (body: SaveBody) =>
      request<Address>({
        url: '/front/v1/address',
        data: body as unknown as Record<string, unknown>,
        loading: '保存中...',
      }),
    areaChildren: (parentId: string) =>
      request<{ list: Area[] }>({ url: '/front/v1/common/area/childList', method: 'GET', data: { parentId } }),
  };
}
