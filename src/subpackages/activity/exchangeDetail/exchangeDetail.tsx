import { View } from '@tarojs/components';

import { useState } from 'react';
import { formatCardCode } from '@contract/rules/card-code';
import { formatMoney } from '@contract/rules/money';
import { errorMessage } from '../../../api/error-message';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { includedCouponText, instructionLines } from '../../../domain/cards';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { useStores } from '../../../stores';
import { exchangeDraft, setExchangeDraft } from '../exchange-draft';
import '../exchangeCenter/exchange.scss';

/** §2 exchangeDetail: what the code redeems to, then 确认兑换; the success page follows. */
export default function ExchangeDetail() {
  const { api } = useStores();
  const [draft] = useState(() => exchangeDraft());
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!draft || busy) return;
    setBusy(true);
    setMessage('');
    try {
      const { voucher } = await api.card.redeem(draft.code);
      setExchangeDraft(null);
      await openPage(ROUTES.exchangeSuccess, { voucherSn: voucher.voucherSn }, 'replace');
    } catch (err) {
      setMessage(errorMessage(err, '请求失败，稍后再试哦~'));
    } finally {
      setBusy(false);
    }
  }

  if (!draft) {
    return (
      <PageShell className="sf-exchange">
        <EmptyView
          text="请先输入卡密"
          actionText="去兑换"
          onAction={() => void openPage(ROUTES.exchangeCenter, {}, 'replace')}
        />
      </PageShell>
    );
  }
  const p = draft.preview;
  return (
    <PageShell className="sf-exchange">
      <View className="sf-exchange__card">
        <View className="sf-exchange__label">卡密</View>
        <View className="sf-exchange__code">{formatCardCode(draft.code)}</View>
        <View className="sf-exchange__label">可兑换</View>
        <View className="sf-exchange__name">{p.cardName}</View>
        {p.faceValue > 0 ? <View className="sf-exchange__text">面值 {formatMoney(p.faceValue)}</View> : null}
        {p.description ? <View className="sf-exchange__text">{p.description}</View> : null}
        <View className="sf-exchange__text">兑换后{p.validityDays}天内有效</View>
        {p.coupons.map((c) => (
          <View key={c.couponSn} className="sf-exchange__text">
            {includedCouponText(c)}
          </View>
        ))}
        {instructionLines(p.instructions).map((l, i) => (
          <View key={i} className="sf-exchange__note">
            {l}
          </View>
        ))}
        {message ? <View className="sf-exchange__message">{message}</View> : null}
        <View className={`sf-btn sf-exchange__submit ${busy ? 'is-disabled' : ''}`} onClick={() => void confirm()}>
          确认兑换
        </View>
      </View>
    </PageShell>
  );
}
