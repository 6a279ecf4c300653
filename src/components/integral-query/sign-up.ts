/**
 * Zero-price items: sign up without a cashier (§4: a zero amount skips payment) and land on the result
 * page (§2 result success/index) with the way to the order; a customer already signed up goes straight to the order.
 */
import type { Api } from '../../api';
import { errorMessage } from '../../api/error-message';
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
    // The generic result page says it worked and nothing was paid, with the way to the order (§2 result success/index).
    await openPage(ROUTES.resultIndex, { kind: 'signUp', orderNo: result.orderNo });
  } catch (err) {
    toast(errorMessage(err, '报名异常, 请重试!'));
  }
}
