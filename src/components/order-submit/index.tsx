import { Image, View } from '@tarojs/components';
import { useDidShow, useLoad } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import type { Address } from '@contract/address';
import type { Agreement } from '@contract/order';
import { REMARK_MAX, SKU_CNT_MAX } from '@contract/constants';
import { assetUrl } from '../../api/asset';
import { ApiError } from '../../api/request';
import { restrictedAreaMessage } from '@contract/rules/areas';
import { formatMoney } from '@contract/rules/money';
import { ROUTES } from '../../domain/routes';
import { openPage, switchToTab } from '../../platform/navigation';
import { applyAfterPay } from '../../platform/pay-result';
import { toast } from '../../platform/ui';
import { useStores } from '../../stores';
import { orderDraftsOf, type OrderKind } from '../../stores/order-draft';
import AddressCard from '../address-card';
import ApplicantForm from '../applicant-form';
import CouponPopup from '../coupon-popup';
import EmptyView from '../empty-view';
import PageShell from '../page-shell';
import Skeleton from '../skeleton';
import PayCheck from '../pay-check';
import PaySchedule from '../pay-schedule';
import Popup from '../popup';
import PriceLines, { FreightValue, PriceLine, RemarkLine } from '../price-lines';
import QuantityStepper from '../quantity-stepper';
import TipPopup from '../tip-popup';
import './index.scss';
import { imgAlt } from '../../platform/a11y';

interface OrderSubmitScreenProps {
  /** course: pages/order/courseOrderSubmit; goods: pages/order/orderSubmit. */
  kind: OrderKind;
  targetSn: string;
  thirdEnum?: string;
  /** The package chosen on the course detail (courses; '' for the item's default). */
  packageSn?: string;
}

const HOUSEHOLD_NAMES: Record<string, string> = { TRAILING_HOLD: '随迁落户', TALENT_IN: '人才引进' };
const PAY_SOURCE = process.env.TARO_ENV === 'weapp' ? 'WEAPP' : process.env.TARO_ENV === 'swan' ? 'SWAN' : 'H5';

/** The §2 course order submit screen (and the goods one): every block, popup and the §5 submit guard. */
function OrderSubmitScreen({ kind, targetSn, thirdEnum = '', packageSn = '' }: OrderSubmitScreenProps) {
  const stores = useStores();
  const { session, api, payment } = stores;
  const orderDrafts = orderDraftsOf(stores);
  const draft = orderDrafts.draftFor(kind, targetSn, thirdEnum, packageSn);
  const ui = useLocalObservable(() => ({
    couponOpen: false,
    householdOpen: false,
    agreement: null as Agreement | null,
  }));

  useLoad(() => {
    // Coming back from the address list keeps the draft; only a first visit loads.
    // §8: a failed token fetch is told (the server's message or 订单信息获取异常! 请退出重试).
    if (!draft.confirmation && !draft.loading) void draft.load().then((tokenError) => tokenError && toast(tokenError));
  });

  useDidShow(() => {
    const picked = session.addressInfo as Address | null;
    if (picked && picked.addressId && draft.confirmation && picked.addressId !== draft.address?.addressId) {
      void draft.chooseAddress(picked).then(() => {
        // §5: the restriction is told when choosing, and checked again on submit.
        if (draft.addressRestricted && draft.confirmation)
          toast(restrictedAreaMessage(draft.confirmation.invalidAreas));
      });
    }
  });

  async function submit() {
    const outcome = await draft.submit(PAY_SOURCE, session.userInfo?.phone || '', session.referrerCode || undefined);
    if (outcome.type === 'submitted') {
      orderDrafts.forget(kind, targetSn, thirdEnum, packageSn);
      // §4: on success cache the order and start payment; a zero amount skips straight to the order.
      await applyAfterPay(await payment.payAfterSubmit(outcome.result));
      return;
    }
    if (outcome.toast) toast(outcome.toast);
  }

  async function openAgreement() {
    const sn = draft.confirmation?.agreementSn;
    if (!sn) return;
    try {
      const agreement = await api.order.agreement(sn);
      runInAction(() => (ui.agreement = agreement));
    } catch (err) {
      toast(err instanceof ApiError ? err.message : '协议加载失败');
    }
  }

  function onPopupAction() {
    const popup = draft.popup;
    draft.closePopup();
    if (!popup) return;
    if (popup.action.text === '查看订单')
      void openPage(ROUTES.orderDetail, { orderNo: popup.action.orderNo }, 'replace');
    else void switchToTab(0);
  }

  const c = draft.confirmation;
  if (!c) {
    return (
      <PageShell className="sf-submit">
        {draft.loadError ? (
          <>
            <EmptyView text={draft.loadError.message} actionText="重新加载" onAction={() => void draft.load()} />
            <TipPopup
              open
              message={`${draft.loadError.message}${draft.loadError.code ? `（${draft.loadError.code}）` : ''}`}
              confirmText="返回首页"
              onConfirm={() => void switchToTab(0)}
              cancelText="重新加载"
              onCancel={() => void draft.load()}
            />
          </>
        ) : (
          <View className="sf-home__loading">
            <Skeleton variant="detail" />
          </View>
        )}
      </PageShell>
    );
  }

  const amount = c.confirmOrderAmount;
  const { payable, discount } = draft.pay;
  const selected = draft.selectedCoupon;
  return (
    <PageShell className="sf-submit">
      {draft.needsDelivery ? (
        <AddressCard address={draft.address} onEdit={() => void openPage(ROUTES.deliveryAddress, { selectable: 1 })} />
      ) : null}
      {draft.needsDelivery && draft.addressRestricted ? (
        <View className="sf-submit__warn">当前地区暂不支持购买，请切换地址再提交订单!</View>
      ) : null}

      <View className="sf-submit__course">
        <View className="sf-submit__course-main">
          <Image
            className="sf-submit__cover"
            src={assetUrl(c.orderCourseInfo.courseCover)}
            mode="aspectFill"
            {...imgAlt(c.orderCourseInfo.courseName)}
          />
          <View className="sf-submit__course-body">
            <View className="sf-submit__course-name">{c.orderCourseInfo.courseName}</View>
            {c.packageCourseList.length ? (
              <View className="sf-submit__package">
                {c.packageCourseList.map((p) => (
                  <View key={p.courseSn}>· {p.courseName}</View>
                ))}
              </View>
            ) : null}
            <View className="sf-price">{formatMoney(amount.totalAmount)}</View>
          </View>
        </View>
        {c.giftCourseList.length ? (
          <View className="sf-submit__gifts">
            <View className="sf-submit__gifts-title">
              赠课{c.giftCourseList.length > 1 ? `（${c.giftCourseList.length}）` : ''}
            </View>
            {c.giftCourseList.map((g) => (
              <View key={g.courseSn} className="sf-submit__gift">
                {g.courseName}
              </View>
            ))}
          </View>
        ) : null}
        {kind === 'goods' ? (
          <QuantityStepper
            label="购买数量"
            value={draft.quantity}
            max={SKU_CNT_MAX}
            onChange={(n) => void draft.setQuantity(n).then((e) => e && toast(e))}
          />
        ) : null}
      </View>

      <PriceLines>
        <PriceLine label="售价">{formatMoney(amount.totalAmount)}</PriceLine>
        {amount.courseDiscountAmount > 0 ? (
          <PriceLine label="课程优惠">
            <View className="sf-lines__discount">-{formatMoney(amount.courseDiscountAmount)}</View>
          </PriceLine>
        ) : null}
        {amount.packageDiscountAmount > 0 ? (
          <PriceLine label="套餐优惠">
            <View className="sf-lines__discount">-{formatMoney(amount.packageDiscountAmount)}</View>
          </PriceLine>
        ) : null}
        {draft.needsDelivery ? (
          <PriceLine label="运费">
            <FreightValue freight={amount.freight} oldFreight={amount.oldFreight} />
          </PriceLine>
        ) : null}
        {draft.couponsAllowed ? (
          <PriceLine label="优惠券" arrow onClick={() => runInAction(() => (ui.couponOpen = true))}>
            {selected && discount > 0 ? (
              <View className="sf-lines__discount">-{formatMoney(discount)}</View>
            ) : (
              <View className="sf-lines__muted">
                {draft.couponGroups.available.length ? `${draft.couponGroups.available.length}张可用` : '暂无可用'}
              </View>
            )}
          </PriceLine>
        ) : null}
        {c.isHousehold && draft.firstPayment ? (
          <PriceLine label="入户类型" arrow onClick={() => runInAction(() => (ui.householdOpen = true))}>
            {draft.householdType ? (
              HOUSEHOLD_NAMES[draft.householdType]
            ) : (
              <View className="sf-lines__muted">请选择</View>
            )}
          </PriceLine>
        ) : null}
        <RemarkLine value={draft.remark} maxLength={REMARK_MAX} onChange={(v) => draft.setRemark(v)} />
      </PriceLines>

      <PaySchedule rows={draft.schedule} />

      <View className="sf-submit__payable">
        <View>{draft.payLabel}</View>
        <View className="sf-price">{formatMoney(payable)}</View>
      </View>

      <ApplicantForm
        rules={draft.firstPayment ? c.restrict : []}
        values={draft.values}
        onChange={(k, v) => draft.setValue(k, v)}
      />

      {c.hasProductIntroduce ? (
        <View className="sf-submit__hint">温馨提示：课程和证书详细信息请查阅课程详情页</View>
      ) : null}

      {c.electronicProtocol ? (
        <View className="sf-submit__agree">
          <View
            className={`sf-submit__checkbox ${draft.agreed ? 'is-on' : ''}`}
            onClick={() => draft.setAgreed(!draft.agreed)}
          />
          <View onClick={() => draft.setAgreed(!draft.agreed)}>阅读并同意</View>
          <View className="sf-submit__agreement-link" onClick={() => void openAgreement()}>
            《购买协议》
          </View>
        </View>
      ) : null}

      <View className="sf-submit__spacer" />
      <View className="sf-submit__bar">
        {c.disableFlag ? <View className="sf-submit__disabled">{c.disableReason}</View> : null}
        <View className="sf-submit__bar-main">
          <View className="sf-submit__count">{draft.countText}</View>
          <View className="sf-submit__total">
            {draft.payLabel}：<View className="sf-price">{formatMoney(payable)}</View>
          </View>
          <View
            className={`sf-btn sf-submit__btn ${c.disableFlag || draft.submitting ? 'is-disabled' : ''}`}
            onClick={() => void submit()}
          >
            提交订单
          </View>
        </View>
      </View>

      <CouponPopup
        open={ui.couponOpen}
        coupons={draft.coupons}
        selectedRcSn={draft.selectedRcSn}
        now={session.now()}
        onClick={(coupon) => draft.clickCoupon(coupon)}
        onClose={() => runInAction(() => (ui.couponOpen = false))}
      />
      <Popup open={ui.householdOpen} title="入户类型" onClose={() => runInAction(() => (ui.householdOpen = false))}>
        {c.householdTypes.map((h) => (
          <View
            key={h.type}
            className={`sf-submit__option ${draft.householdType === h.type ? 'is-on' : ''}`}
            onClick={() => {
              draft.setHousehold(h.type);
              runInAction(() => (ui.householdOpen = false));
            }}
          >
            {h.name}
          </View>
        ))}
      </Popup>
      <Popup
        open={!!ui.agreement}
        title={ui.agreement?.agreementName || '购买协议'}
        onClose={() => runInAction(() => (ui.agreement = null))}
      >
        <View className="sf-submit__agreement">
          {(ui.agreement?.agreementContent || '').split('\n').map((line, i) => (
            <View key={i}>{line}</View>
          ))}
        </View>
        <View
          className="sf-btn sf-submit__agree-btn"
          onClick={() => {
            draft.setAgreed(true);
            runInAction(() => (ui.agreement = null));
          }}
        >
          我已阅读并同意
        </View>
      </Popup>
      <PayCheck />
      <TipPopup
        open={!!draft.popup}
        message={draft.popup?.message || ''}
        confirmText={draft.popup?.action.text || '返回首页'}
        onConfirm={onPopupAction}
        onClose={() => draft.closePopup()}
      />
    </PageShell>
  );
}

export default observer(OrderSubmitScreen);
