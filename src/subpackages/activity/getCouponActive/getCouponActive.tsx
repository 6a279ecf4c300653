import { View } from '@tarojs/components';
import { useLoad, useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { ClaimDetails, ClaimItem } from '@contract/coupon';
import { termsText } from '@contract/rules/coupon-validity';
import { errorMessage } from '../../../api/error-message';
import CouponCard from '../../../components/coupon-card';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { claimButton, stockText } from '../../../domain/coupons';
import { ROUTES, decodeParam } from '../../../domain/routes';
import { goBackOrHome, openPage } from '../../../platform/navigation';
import { toast } from '../../../platform/ui';
import { useStores } from '../../../stores';
import './getCouponActive.scss';

/**
 * §2 scan-code coupon claim (query actSn): the activity's coupons with stock and per-person limit, 领取 / 已领取 /
 * 已领完. Not a visitor page (§2), so a visitor logs in first and comes back here; a claim lands in 我的优惠券.
 */
function GetCouponActive() {
  const { api } = useStores();
  const { params } = useRouter();
  const actSn = decodeParam(params.actSn);
  const [details, setDetails] = useState<ClaimDetails | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState('');

  async function load() {
    if (!actSn) {
      setError('领券活动不存在');
      return;
    }
    try {
      setDetails(await api.coupon.claimDetails(actSn));
      setError('');
    } catch (err) {
      setError(errorMessage(err, '加载失败，请重试'));
    }
  }
  useLoad(() => void load());

  async function claim(item: ClaimItem) {
    if (busy) return;
    setBusy(item.itemId);
    try {
      const res = await api.coupon.receive(item.itemId, actSn);
      setDetails((d) =>
        d ? { ...d, coupons: d.coupons.map((c) => (c.itemId === res.item.itemId ? res.item : c)) } : d,
      );
      toast('领取成功', 'success');
    } catch (err) {
      toast(errorMessage(err, '领取失败，请重试'));
      // Sold out or at the limit meanwhile: show the server's view.
      void load();
    } finally {
      setBusy('');
    }
  }

  if (error) {
    return (
      <PageShell className="sf-claim">
        <EmptyView text={error} actionText="返回首页" onAction={() => void goBackOrHome()} />
      </PageShell>
    );
  }
  return (
    <PageShell className="sf-claim">
      {details ? (
        <View className="sf-claim__head">
          <View className="sf-claim__title">{details.title}</View>
          {details.description ? <View className="sf-claim__desc">{details.description}</View> : null}
          {details.status !== 'ONGOING' ? (
            <View className="sf-claim__status">{details.status === 'NOT_STARTED' ? '活动尚未开始' : '活动已结束'}</View>
          ) : null}
        </View>
      ) : (
        <View className="sf-claim__skeleton" />
      )}
      {details?.coupons.map((item) => {
        const button = claimButton(item, details.status);
        return (
          <View key={item.itemId} className="sf-claim__item" data-item-id={item.itemId}>
            <CouponCard
              coupon={item}
              validity={termsText(item)}
              disabled={!button.enabled && item.state !== 'CLAIMED'}
              extra={stockText(item)}
              action={
                <View
                  className={`sf-pill ${button.enabled ? '' : 'is-off'}`}
                  onClick={() => (button.enabled ? void claim(item) : undefined)}
                >
                  {button.text}
                </View>
              }
            />
          </View>
        );
      })}
      {details && !details.coupons.length ? <EmptyView text="暂无可领取的优惠券" /> : null}
      {details ? (
        <View className="sf-claim__mine" onClick={() => void openPage(ROUTES.discountCouponList)}>
          查看我的优惠券
        </View>
      ) : null}
    </PageShell>
  );
}

export default observer(GetCouponActive);
