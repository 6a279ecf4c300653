import { View } from '@tarojs/components';
import { useLoad, useReachBottom, useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { CardEvent, CardVoucher } from '@contract/card';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import { errorMessage } from '../../api/error-message';
import EmptyView from '../../components/empty-view';
import PageShell from '../../components/page-shell';
import { cardStateText, includedCouponText, instructionLines, isCardDisabled } from '../../domain/cards';
import { decodeParam } from '../../domain/routes';
import { goBackOrHome } from '../../platform/navigation';
import { copyText } from '../../platform/ui';
import { useStores } from '../../stores';
import { PagedList } from '../../stores/paged-list';
import './couponDetails.scss';

/** §2 card voucher details (param voucherSn): the number with 复制, validity, what it includes, notes and its history. */
function CouponDetails() {
  const { api } = useStores();
  const { params } = useRouter();
  const voucherSn = decodeParam(params.voucherSn);
  const [voucher, setVoucher] = useState<CardVoucher | null>(null);
  const [error, setError] = useState('');
  const [history] = useState(
    () => new PagedList<CardEvent>((page, perSize) => api.card.history(voucherSn, page, perSize), 10),
  );

  useLoad(() => {
    if (!voucherSn) {
      setError('卡券不存在');
      return;
    }
    api.card
      .details(voucherSn)
      .then(setVoucher)
      .catch((err) => setError(errorMessage(err, '加载失败，请重试')));
    void history.load(true);
  });
  useReachBottom(() => void history.load(false));

  if (error) {
    return (
      <PageShell className="sf-card-details">
        <EmptyView text={error} actionText="返回" onAction={() => void goBackOrHome()} />
      </PageShell>
    );
  }
  if (!voucher) {
    return (
      <PageShell className="sf-card-details">
        <View className="sf-card-details__skeleton" />
      </PageShell>
    );
  }
  return (
    <PageShell className="sf-card-details">
      <View className={`sf-card-details__card ${isCardDisabled(voucher) ? 'is-disabled' : ''}`}>
        <View className="sf-card-details__name">{voucher.cardName}</View>
        {voucher.faceValue > 0 ? (
          <View className="sf-card-details__face">面值 {formatMoney(voucher.faceValue)}</View>
        ) : null}
        <View className="sf-card-details__state">{cardStateText(voucher)}</View>
        <View className="sf-card-details__no">
          <View className="sf-card-details__no-text">卡号 {voucher.cardNo}</View>
          <View className="sf-card-details__copy" onClick={() => copyText(voucher.cardNo)}>
            复制
          </View>
        </View>
        <View className="sf-card-details__line">
          有效期 {formatChinaTime(voucher.startTime, 'YYYY-MM-DD')} 至 {formatChinaTime(voucher.endTime, 'YYYY-MM-DD')}
        </View>
        {voucher.usedAt ? (
          <View className="sf-card-details__line">使用时间 {formatChinaTime(voucher.usedAt, 'YYYY-MM-DD HH:mm')}</View>
        ) : null}
      </View>
      {voucher.description || voucher.coupons.length ? (
        <View className="sf-card-details__section">
          <View className="sf-card-details__title">卡券内容</View>
          {voucher.description ? <View className="sf-card-details__text">{voucher.description}</View> : null}
          {voucher.coupons.map((c) => (
            <View key={c.couponSn} className="sf-card-details__text">
              {includedCouponText(c)}
            </View>
          ))}
        </View>
      ) : null}
      {instructionLines(voucher.instructions).length ? (
        <View className="sf-card-details__section">
          <View className="sf-card-details__title">使用说明</View>
          {instructionLines(voucher.instructions).map((l, i) => (
            <View key={i} className="sf-card-details__text">
              {l}
            </View>
          ))}
        </View>
      ) : null}
      <View className="sf-card-details__section">
        <View className="sf-card-details__title">卡券记录</View>
        {history.list.map((e) => (
          <View key={e.eventId} className="sf-card-details__event">
            <View className="sf-card-details__event-title">{e.title}</View>
            <View className="sf-card-details__event-note">
              {e.note ? `${e.note} · ` : ''}
              {formatChinaTime(e.at, 'YYYY-MM-DD HH:mm')}
            </View>
          </View>
        ))}
        {history.loaded && !history.list.length ? <View className="sf-card-details__text">暂无记录</View> : null}
      </View>
    </PageShell>
  );
}

export default observer(CouponDetails);
