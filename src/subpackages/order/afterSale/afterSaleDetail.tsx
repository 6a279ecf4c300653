import { Image, View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import AtTimeline from 'taro-ui/lib/components/timeline';
import type { AfterSaleDetail as Detail } from '@contract/after-sales';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import { errorMessage } from '../../../api/error-message';
import AddressCard from '../../../components/address-card';
import { confirm } from '../../../components/confirm';
import { useDetailLoad } from '../../../components/detail-load';
import PageShell from '../../../components/page-shell';
import { AFTER_SALE_TEXTS } from '../../../domain/after-sale';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { previewImages } from '../../../platform/preview';
import { toast } from '../../../platform/ui';
import { orderPackageApi } from '../api';
import './after-sale.scss';

/**
 * §2 afterSale/afterSaleDetail (param applicationNo; PAGE_AFTER_SALE_DETAIL): state, amount, the refuse reason,
 * the return address with the §2 hint, the return shipment, the negotiation as a timeline, and what the customer
 * may do now (edit, cancel, write the tracking number).
 */
function AfterSaleDetail() {
  const api = orderPackageApi();
  const { params } = useRouter();
  const applicationNo = String(params.applicationNo ?? '');
  const {
    data: d,
    gate,
    load,
  } = useDetailLoad<Detail>({
    fetch: () => api.afterSales.detail(applicationNo),
    // While the provider works on the refund the page asks again now and then, so 退款成功 shows by itself.
    again: (detail) => detail.state === 'REFUNDING',
    shellClass: 'sf-as',
    loadingClass: 'sf-as__card sf-as__muted',
  });

  async function cancel() {
    if (!(await confirm({ title: '提示', content: AFTER_SALE_TEXTS.confirmCancel }))) return;
    try {
      await api.afterSales.cancel(applicationNo);
      toast(AFTER_SALE_TEXTS.cancelled, 'success');
      await load();
    } catch (err) {
      toast(errorMessage(err, '撤销失败，请重试'));
    }
  }

  if (gate || !d) return gate;
  const rows: [string, string][] = [
    ['售后单号', d.applicationNo],
    ['订单编号', d.orderNo],
    ['售后类型', d.typeText],
    ['退款原因', d.reason],
    ['申请时间', formatChinaTime(d.createdAt, 'YYYY-MM-DD HH:mm:ss')],
  ];
  const items = [...d.records].reverse().map((r, i) => ({
    title: `${r.actorText}：${r.eventText}`,
    content: [r.message, formatChinaTime(r.createdAt, 'YYYY-MM-DD HH:mm:ss')].filter(Boolean),
    color: i === 0 ? 'green' : 'blue',
  }));
  return (
    <PageShell className="sf-as sf-as-detail">
      <View className="sf-as__card">
        <View className="sf-as__state" id="as-state">
          {d.stateText}
        </View>
        <View className="sf-as__row">
          <View>退款金额</View>
          <View className="sf-as__price">{formatMoney(d.amount)}</View>
        </View>
        {d.refundedAmount > 0 ? (
          <View className="sf-as__row" id="as-refunded">
            <View>已退款</View>
            <View className="sf-as__price">{formatMoney(d.refundedAmount)}</View>
          </View>
        ) : null}
        {d.refuseReason ? (
          <View className="sf-as__warn" id="as-refuse-reason">
            拒绝原因：{d.refuseReason}
          </View>
        ) : null}
        <View className="sf-as__actions">
          <View className="sf-as__btn" onClick={() => void openPage(ROUTES.afterSaleProgress, { applicationNo })}>
            售后进度
          </View>
          <View
            className="sf-as__btn"
            id="as-history"
            onClick={() => void openPage(ROUTES.negotiationHistory, { applicationNo })}
          >
            协商历史
          </View>
          {d.canEdit ? (
            <View
              className="sf-as__btn"
              id="as-edit"
              onClick={() => void openPage(ROUTES.afterSaleApply, { orderNo: d.orderNo, applicationNo })}
            >
              修改申请
            </View>
          ) : null}
          {d.canCancel ? (
            <View className="sf-as__btn" id="as-cancel" onClick={() => void cancel()}>
              撤销申请
            </View>
          ) : null}
          {d.canWriteLogistics && !d.logistics ? (
            <View
              className="sf-as__btn is-primary"
              id="as-write-logistics"
              onClick={() => void openPage(ROUTES.writeLogistics, { applicationNo })}
            >
              填写物流
            </View>
          ) : null}
        </View>
      </View>
      {d.returnAddress ? (
        <AddressCard id="as-return-address" address={d.returnAddress} title="退货地址" afterSaleHint />
      ) : null}
      {d.logistics ? (
        <View className="sf-as__card" id="as-logistics">
          <View className="sf-as__title">退货物流</View>
          <View className="sf-as__row">
            <View>{d.logistics.carrierName}</View>
            <View className="sf-as__value">{d.logistics.trackingNo}</View>
          </View>
          <View className="sf-as__actions">
            {d.logistics.editable ? (
              <View
                className="sf-as__btn"
                id="as-edit-logistics"
                onClick={() => void openPage(ROUTES.writeLogistics, { applicationNo })}
              >
                修改物流
              </View>
            ) : null}
            <View
              className="sf-as__btn is-primary"
              onClick={() =>
                void openPage(ROUTES.logistics, {
                  carrierCode: d.logistics!.carrierCode,
                  trackingNo: d.logistics!.trackingNo,
                })
              }
            >
              查看物流
            </View>
          </View>
        </View>
      ) : null}
      <View className="sf-as__card">
        {rows.map(([k, v]) => (
          <View key={k} className="sf-as__row">
            <View>{k}</View>
            <View className="sf-as__value">{v}</View>
          </View>
        ))}
        {d.description ? <View className="sf-as__muted">{d.description}</View> : null}
        {d.images.length ? (
          <View className="sf-as__images">
            {d.images.map((u) => (
              <Image
                key={u}
                className="sf-as__image"
                src={u}
                mode="aspectFill"
                onClick={() => previewImages(d.images, u)}
              />
            ))}
          </View>
        ) : null}
      </View>
      <View className="sf-as__card" id="as-timeline">
        <View className="sf-as__title">协商记录</View>
        <AtTimeline items={items} />
      </View>
    </PageShell>
  );
}

export default observer(AfterSaleDetail);
