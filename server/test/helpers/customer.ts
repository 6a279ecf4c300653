/** A customer logged in by phone with one delivery address in Guangzhou: what an order test starts from. */
import assert from 'node:assert/strict';
import type { Address } from '@contract/address';
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
