/**
 * 删除收货地址, shared by the list's swipe action and the edit page's button: asks first, and forgets the order's
 * chosen address when it was this one (a submit screen must not send a deleted address).
 */
import { errorMessage } from '../../../api/error-message';
import { confirm } from '../../../components/confirm';
import { toast } from '../../../platform/ui';
import type { SessionStore } from '../../../stores/session';
import type { UserPackageApi } from '../api';

/** True when the address was deleted; a refusal or a failure has been told already. */
export async function removeAddress(
  api: Pick<UserPackageApi, 'address'>,
  session: SessionStore,
  id: string,
): Promise<boolean> {
  if (!(await confirm({ title: '提示', content: '确定删除该收货地址吗？' }))) return false;
  try {
    await api.address.remove(id);
    const picked = session.addressInfo as { addressId?: string } | null;
    if (picked?.addressId === id) session.setAddressInfo(null);
    toast('已删除', 'success');
    return true;
  } catch (err) {
    toast(errorMessage(err, '删除失败，请重试'));
    return false;
  }
}
