import { View } from '@tarojs/components';
import { useLoad, useRouter } from '@tarojs/taro';
import { useState } from 'react';
import type { CardVoucher } from '@contract/card';
import PageShell from '../../../components/page-shell';
import { ROUTES, decodeParam } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { useStores } from '../../../stores';
import './courseDetailSuccess.scss';

/** §2 result page of a card-secret redeem (param voucherSn): what was redeemed and where it now is. */
export default function ExchangeSuccess() {
  const { api } = useStores();
  const { params } = useRouter();
  const voucherSn = decodeParam(params.voucherSn);
  const [voucher, setVoucher] = useState<CardVoucher | null>(null);

  useLoad(() => {
    if (voucherSn)
      api.card
        .details(voucherSn)
        .then(setVoucher)
        .catch(() => undefined);
  });

  return (
    <PageShell className="sf-result">
      <View className="sf-result__icon">✓</View>
      <View className="sf-result__title">兑换成功</View>
      <View className="sf-result__text">
        {voucher ? `「${voucher.cardName}」已放入我的卡券` : '卡券已放入我的卡券'}
        {voucher?.coupons.length ? '，赠送的优惠券已放入我的优惠券' : ''}
      </View>
      <View className="sf-btn sf-result__btn" onClick={() => void openPage(ROUTES.couponList, {}, 'replace')}>
        查看卡券
      </View>
      <View
        className="sf-btn is-ghost sf-result__btn"
        onClick={() => void openPage(ROUTES.exchangeCenter, {}, 'replace')}
      >
        继续兑换
      </View>
    </PageShell>
  );
}
