/** A customer logged in by phone with one delivery address in Guangzhou: what an order test starts from. */
import assert from 'node:assert/strict';
import type { Address } from '@contract/address';
import type { PayParams } from '@contract/payment';
import type { Harness } from './app';

export async function customerWithAddress(h: Harness, phone: string): Promise<{ t: string; addressId: string }> {
  const t = (await h.login(phone)).token;
  const a = await h.post<Address>(
    '/front/v1/address',
    {
      consigneeName: '张三',
      consigneeTelephone: '13800138000',
      fullAddress: '科技园1号',
      provinceId: '440000',
      cityId: '440100',
      areaId: '440106',
    },
    t,
  );
  assert.equal(a.status, 200, a.raw.body);
  return { t, addressId: a.body.info.addressId };
}

/** Pays an order's due payment at the sandbox cashier, as the customer does in the H5 page; returns the pay params. */
export async function payAtCashier(
  h: Harness,
  token: string,
  orderNo: string,
  redirectUrl = `/#/pages/order/orderDetail?orderNo=${orderNo}`,
): Promise<PayParams> {
  const res = await h.get<PayParams>(
    `/front/v1/client/order/payment/continue/${orderNo}`,
    { paySource: 'H5', tradeType: 'MWEB', redirectUrl },
    token,
  );
  assert.equal(res.status, 200, res.raw.body);
  const confirm = await h.inject({
    method: 'POST',
    url: `/sandbox/cashier/${res.body.info.paymentSn}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  assert.equal(confirm.status, 303, String(confirm.raw.body));
  return res.body.info;
}
