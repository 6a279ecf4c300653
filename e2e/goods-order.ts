/**
 * A goods order of project demo (demo-goods-01) to a new address of the customer, placed through the API as the goods
 * submit screen places it: address, confirmation, order token, submit. For walks whose subject is what follows.
 */
import type { Address } from '../contract/address';
import type { Confirmation, SubmitResult } from '../contract/order';
import { apiClient } from './harness';

export async function placeGoodsOrder(baseUrl: string, token: string): Promise<string> {
  const api = apiClient(baseUrl, token);
  const address = await api.call<Address>('POST', '/front/v1/address', {
    consigneeName: '张三',
    consigneeTelephone: '13800138000',
    fullAddress: '科技园1号',
    provinceId: '440000',
    cityId: '440100',
    areaId: '440106',
  });
  const c = await api.call<Confirmation>('GET', '/front/v1/client/order/confirm/data', { targetSn: 'demo-goods-01' });
  const { orderToken } = await api.call<{ orderToken: string }>('GET', '/front/v1/client/order/confirm/receipt', {
    createOrderSn: c.createOrderSn,
  });
  const placed = await api.call<SubmitResult>('POST', '/front/v1/client/order/submit', {
    createOrderSn: c.createOrderSn,
    orderDiscountList: [],
    discountsAmount: 0,
    payAmount: c.confirmOrderAmount.payAmount,
    totalAmount: c.confirmOrderAmount.orderTotalAmount,
    orderToken,
    orderPreAttachVO: { deliveryType: c.deliveryType, addressId: address.addressId },
  });
  return placed.orderNo;
}
