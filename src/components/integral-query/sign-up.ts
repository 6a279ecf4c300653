/** Zero-price items (issue 14): sign up without a cashier and open the order (§4: a zero amount skips payment). */
import type { Api } from '../../api';
import { ApiError } from '../../api/request';
import { ROUTES } from '../../domain/routes';
import { openPage } from '../../platform/navigation';
import { toast } from '../../platform/ui';

export async function signUpAndOpen(api: Api, actSn: string): Promise<void> {
  try {
    const zero = await api.integral.zeroActivity(actSn);
    if (zero.signedUp && zero.orderNo) {
      toast('您已报名');
      await openPage(ROUTES.orderDetail, { orderNo: zero.orderNo });
      return;
    }
    const result = await api.integral.signUp(actSn);
    toast('报名成功');
    await openPage(ROUTES.orderDetail, { orderNo: result.orderNo });
  } catch (err) {
    toast(err instanceof ApiError ? err.message : '报名异常, 请重试!');
  }
}
