import { View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { formatMoney } from '@contract/rules/money';
import { ROUTES } from '../../domain/routes';
import { openPage } from '../../platform/navigation';
import AddressCard from '../address-card';
import ApplicantForm from '../applicant-form';
import CouponPopup from '../coupon-popup';
import PageShell from '../page-shell';
import PayCheck from '../pay-check';
import PaySchedule from '../pay-schedule';
import TipPopup from '../tip-popup';
import AgreementPopup from './agreement-popup';
import AgreementTick from './agreement-tick';
import HouseholdPopup from './household-popup';
import ItemCard from './item-card';
import LoadState from './load-state';
import OrderPriceLines from './order-price-lines';
import SubmitBar from './submit-bar';
import { useOrderSubmit, type OrderSubmitTarget } from './use-order-submit';
import './index.scss';

/** The §2 course order submit screen (and the goods one): every block, popup and the §5 submit guard. */
function OrderSubmitScreen(props: OrderSubmitTarget) {
  const { draft, popups, now, submit, openAgreement, answerPopup } = useOrderSubmit(props);

  const c = draft.confirmation;
  const popup = draft.popup;
  const tip = (
    <TipPopup
      open={!!popup}
      message={popup ? popup.message : ''}
      confirmText={popup ? popup.action.text : '返回首页'}
      onConfirm={answerPopup}
      onClose={() => draft.closePopup()}
    />
  );
  if (!c) {
    return (
      <PageShell className="sf-submit">
        <LoadState draft={draft} />
        {tip}
      </PageShell>
    );
  }

  return (
    <PageShell className="sf-submit">
      {draft.needsDelivery ? (
        <AddressCard address={draft.address} onEdit={() => void openPage(ROUTES.deliveryAddress, { selectable: 1 })} />
      ) : null}
      {draft.needsDelivery && draft.addressRestricted ? (
        <View className="sf-submit__warn">当前地区暂不支持购买，请切换地址再提交订单!</View>
      ) : null}
      <ItemCard draft={draft} c={c} />
      <OrderPriceLines draft={draft} c={c} popups={popups} />
      <PaySchedule rows={draft.schedule} />
      <View className="sf-submit__payable">
        <View>{draft.payLabel}</View>
        <View className="sf-price">{formatMoney(draft.pay.payable)}</View>
      </View>
      <ApplicantForm
        rules={draft.firstPayment ? c.restrict : []}
        values={draft.values}
        onChange={(k, v) => draft.setValue(k, v)}
      />
      {c.hasProductIntroduce ? (
        <View className="sf-submit__hint">温馨提示：课程和证书详细信息请查阅课程详情页</View>
      ) : null}
      {c.electronicProtocol ? <AgreementTick draft={draft} onOpen={() => void openAgreement()} /> : null}
      <View className="sf-submit__spacer" />
      <SubmitBar draft={draft} c={c} onSubmit={() => void submit()} />

      <CouponPopup
        open={popups.couponOpen}
        coupons={draft.coupons}
        selectedRcSn={draft.selectedRcSn}
        now={now()}
        onClick={(coupon) => draft.clickCoupon(coupon)}
        onClose={() => popups.showCoupons(false)}
      />
      <HouseholdPopup draft={draft} c={c} popups={popups} />
      <AgreementPopup draft={draft} popups={popups} />
      <PayCheck />
      {tip}
    </PageShell>
  );
}

export default observer(OrderSubmitScreen);
