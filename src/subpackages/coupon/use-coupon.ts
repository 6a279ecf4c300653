/** 去使用 (§4 using a coupon): ask the server where it leads, then go there; its message is the tip on failure. */
import type { HeldCoupon } from '@contract/coupon';
import type { Api } from '../../api';
import { errorMessage } from '../../api/error-message';
import { couponUseStep } from '../../domain/coupons';
import { followJump } from '../../platform/navigation';
import { ownOrigin } from '../../platform/origin';
import { toast } from '../../platform/ui';

export async function goUseCoupon(api: Api, coupon: HeldCoupon): Promise<void> {
  let step;
  try {
    step = couponUseStep(await api.coupon.use(coupon.couponSn), ownOrigin());
  } catch (err) {
    toast(errorMessage(err, '请求失败，稍后再试哦~'));
    return;
  }
  if (step.type === 'tip') toast(step.text);
  else await followJump(step);
}
