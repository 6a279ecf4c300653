import { View } from '@tarojs/components';
import Taro, { useLoad, useRouter } from '@tarojs/taro';
import { runInAction } from 'mobx';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { CARRIERS, checkTrackingNo } from '@contract/rules/logistics';
import { errorMessage } from '../../../api/error-message';
import AddressCard from '../../../components/address-card';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import TextField from '../../../components/text-field';
import type { Address } from '@contract/address';
import { AFTER_SALE_TEXTS } from '../../../domain/after-sale';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { toast } from '../../../platform/ui';
import { bindText } from '../../../stores/form-send';
import { orderPackageApi } from '../api';
import '../afterSale/after-sale.scss';

/**
 * §2 logistics/writeLogistics (param applicationNo): the carrier from the list and the tracking number, checked
 * against the carrier's pattern as typed; editable until the merchant confirms receipt. A refused save keeps it.
 */
function WriteLogistics() {
  const api = orderPackageApi();
  const { params } = useRouter();
  const applicationNo = String(params.applicationNo ?? '');
  const s = useLocalObservable(() => ({
    carrierCode: '',
    trackingNo: '',
    touched: false,
    update: false,
    address: null as Address | null,
    error: '',
    ready: false,
    sending: false,
  }));

  async function load() {
    try {
      const d = await api.afterSales.detail(applicationNo);
      runInAction(() => {
        s.address = d.returnAddress;
        s.ready = true;
        if (!d.canWriteLogistics) s.error = d.logistics ? '商家已收货，物流信息不能再修改' : '当前无需寄回商品';
        if (d.logistics)
          Object.assign(s, { carrierCode: d.logistics.carrierCode, trackingNo: d.logistics.trackingNo, update: true });
      });
    } catch (err) {
      runInAction(() => (s.error = errorMessage(err, '加载失败，请重试')));
    }
  }
  useLoad(() => void load());

  const problem = s.touched ? checkTrackingNo(s.carrierCode, s.trackingNo) : null;
  async function save() {
    if (s.sending) return;
    runInAction(() => (s.touched = true));
    const wrong = checkTrackingNo(s.carrierCode, s.trackingNo);
    if (wrong) return toast(wrong);
    runInAction(() => (s.sending = true));
    try {
      await api.afterSales.saveLogistics(s.update, {
        applicationNo,
        carrierCode: s.carrierCode,
        trackingNo: s.trackingNo,
      });
      toast(AFTER_SALE_TEXTS.saved, 'success');
      // The detail opened afresh in this page's place shows the shipment (as apply does).
      await openPage(ROUTES.afterSaleDetail, { applicationNo }, 'replace');
    } catch (err) {
      toast(errorMessage(err, '提交失败，请重试'));
    } finally {
      runInAction(() => (s.sending = false));
    }
  }

  if (s.error)
    return (
      <PageShell className="sf-as">
        <EmptyView text={s.error} actionText="返回" onAction={() => void Taro.navigateBack()} />
      </PageShell>
    );
  if (!s.ready)
    return (
      <PageShell className="sf-as">
        <View className="sf-as__card sf-as__muted">加载中...</View>
      </PageShell>
    );
  return (
    <PageShell className="sf-as sf-as-write">
      {s.address ? <AddressCard address={s.address} title="退货地址" afterSaleHint /> : null}
      <View className="sf-as__card">
        <View className="sf-as__title">快递公司</View>
        <View className="sf-as__chips">
          {CARRIERS.map((c) => (
            <View
              key={c.code}
              id={`carrier-${c.code}`}
              className={`sf-as__chip ${s.carrierCode === c.code ? 'is-active' : ''}`}
              onClick={() => runInAction(() => (s.carrierCode = c.code))}
            >
              {c.name}
            </View>
          ))}
        </View>
      </View>
      <TextField
        boxClass="sf-as__card"
        labelClass="sf-as__title"
        fieldClass="sf-as__input"
        label="快递单号"
        id="tracking-no"
        maxLength={40}
        placeholder="请输入快递单号"
        {...bindText(s, 'trackingNo')}
        onBlur={() => runInAction(() => (s.touched = true))}
      >
        {problem ? (
          <View className="sf-as__warn" id="tracking-error">
            {problem}
          </View>
        ) : null}
      </TextField>
      <View className="sf-as__bar">
        <View
          id="logistics-submit"
          className={`sf-btn sf-as__submit ${s.sending ? 'is-disabled' : ''}`}
          onClick={() => void save()}
        >
          {s.update ? '保存修改' : '提交'}
        </View>
      </View>
    </PageShell>
  );
}

export default observer(WriteLogistics);
