import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import type { CardVoucher } from '@contract/card';
import { formatChinaTime } from '@contract/rules/china-time';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { useShownPagedList } from '../../../components/paged-list/use-shown-list';
import { cardStateText, isCardDisabled } from '../../../domain/cards';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { copyText } from '../../../platform/ui';
import { useStores } from '../../../stores';
import '../coupon.scss';

/**
 * §2 couponList: the customer's card vouchers (§3 states 3 used, 4 expired, 5 invalid; refundState 2), number with 复制.
 */
function CouponList() {
  const { api } = useStores();
  const list = useShownPagedList<CardVoucher>((page, perSize) => api.card.list(page, perSize), 10);

  return (
    <PageShell className="sf-coupons-page">
      <View className="sf-coupons-page__tools">
        <View className="sf-coupons-page__tool" onClick={() => void openPage(ROUTES.exchangeCenter)}>
          兑换卡券
        </View>
      </View>
      {list.list.map((v) => (
        <View
          key={v.voucherSn}
          className={`sf-card-voucher ${isCardDisabled(v) ? 'is-disabled' : ''}`}
          data-voucher-sn={v.voucherSn}
          onClick={() => void openPage(ROUTES.couponDetails, { voucherSn: v.voucherSn })}
        >
          <View className="sf-card-voucher__head">
            <View className="sf-card-voucher__name">{v.cardName}</View>
            <View className="sf-card-voucher__state">{cardStateText(v)}</View>
          </View>
          <View className="sf-card-voucher__row">
            <View className="sf-card-voucher__no">卡号 {v.cardNo}</View>
            <View
              className="sf-card-voucher__copy"
              onClick={(e) => {
                e.stopPropagation();
                copyText(v.cardNo);
              }}
            >
              复制
            </View>
          </View>
          <View className="sf-card-voucher__row">有效期至 {formatChinaTime(v.endTime, 'YYYY-MM-DD')}</View>
        </View>
      ))}
      {list.loaded && !list.error && !list.list.length ? (
        <EmptyView text="暂无卡券" actionText="去兑换" onAction={() => void openPage(ROUTES.exchangeCenter)} />
      ) : null}
      {list.error ? <EmptyView text={list.error} actionText="重试" onAction={() => void list.load(true)} /> : null}
      {list.list.length ? (
        <View className="sf-coupons-page__end">{list.done ? '没有更多了' : list.loading ? '加载中...' : ''}</View>
      ) : null}
    </PageShell>
  );
}

export default observer(CouponList);
