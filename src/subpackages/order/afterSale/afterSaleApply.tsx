import { Textarea, View } from '@tarojs/components';
import Taro, { useLoad, useRouter } from '@tarojs/taro';
import { runInAction } from 'mobx';
import { observer, useLocalObservable } from 'mobx-react-lite';
import type { AfterSaleRefer } from '@contract/after-sales';
import { AFTER_SALE_DESCRIPTION_MAX, AFTER_SALE_IMAGES_MAX, AFTER_SALE_TYPE_TEXT } from '@contract/rules/after-sale';
import { fenToYuanText, formatMoney } from '@contract/rules/money';
import { errorMessage } from '../../../api/error-message';
import AmountInput from '../../../components/amount-input';
import { confirm } from '../../../components/confirm';
import EmptyView from '../../../components/empty-view';
import ImagePicker from '../../../components/image-picker';
import PageShell from '../../../components/page-shell';
import { AFTER_SALE_TEXTS, applyProblem, maxFor, refundAmount, type ApplyDraft } from '../../../domain/after-sale';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { toast } from '../../../platform/ui';
import { subscribeAsker } from '../../../stores';
import SubscribeButton from '../../../components/subscribe-button';
import { orderPackageApi } from '../api';
import './after-sale.scss';

/**
 * §2 afterSale/afterSaleApply (params orderNo; applicationNo to edit a pending one): whole or part (which
 * payments), an amount up to what they can still give back, a reason from the list, a description and up to 6
 * evidence images. A refused submit keeps everything typed.
 */
function AfterSaleApply() {
  const api = orderPackageApi();
  const { params } = useRouter();
  const orderNo = String(params.orderNo ?? '');
  const applicationNo = params.applicationNo ? String(params.applicationNo) : '';
  const s = useLocalObservable(() => ({
    refer: null as AfterSaleRefer | null,
    error: '',
    sending: false,
    draft: { type: 1, seqs: [], amountText: '', reason: '', description: '', images: [] } as ApplyDraft,
  }));

  async function load() {
    try {
      const refer = await api.afterSales.refer(orderNo, applicationNo || undefined);
      const current = applicationNo ? await api.afterSales.detail(applicationNo) : null;
      runInAction(() => {
        s.refer = refer;
        s.error = refer.allowed ? '' : (refer.notAllowedReason ?? '该订单暂不支持申请售后');
        if (current) {
          s.draft = {
            type: current.type === 2 ? 2 : 1,
            seqs: refer.payments.length > 1 ? current.seqs : [],
            amountText: fenToYuanText(current.amount),
            reason: current.reason,
            description: current.description,
            images: current.images,
          };
        } else {
          s.draft.amountText = fenToYuanText(refer.maxAmount);
        }
      });
    } catch (err) {
      runInAction(() => (s.error = errorMessage(err, '加载失败，请重试')));
    }
  }
  useLoad(() => {
    void load();
    subscribeAsker.prepare('afterRefundApply');
  });

  const toggleSeq = (seq: number) =>
    runInAction(() => {
      const d = s.draft;
      d.seqs = d.seqs.includes(seq) ? d.seqs.filter((x) => x !== seq) : [...d.seqs, seq].sort((a, b) => a - b);
      if (s.refer) d.amountText = fenToYuanText(maxFor(s.refer, d.seqs));
    });

  async function submit() {
    if (s.sending || !s.refer) return;
    const checked = applyProblem(s.draft, s.refer);
    if ('message' in checked) return toast(checked.message);
    runInAction(() => (s.sending = true));
    // A refund request moves money: the customer confirms the amount first; cancelling changes nothing.
    const yes = await confirm({
      title: AFTER_SALE_TEXTS.confirmTitle,
      content: AFTER_SALE_TEXTS.confirm(checked.amount),
    });
    if (!yes) return runInAction(() => (s.sending = false));
    // Right after the customer confirmed the application: the sheet opens from that tap, as WeChat requires.
    void subscribeAsker.ask('afterRefundApply');
    const d = s.draft;
    const seqs = s.refer.payments.length > 1 ? d.seqs : [];
    const input = {
      type: d.type,
      seqs,
      amount: checked.amount,
      reason: d.reason,
      description: d.description.trim(),
      images: d.images,
    };
    try {
      const done = applicationNo
        ? await api.afterSales.edit(applicationNo, input)
        : await api.afterSales.apply(orderNo, input);
      toast(AFTER_SALE_TEXTS.submitted, 'success');
      await openPage(ROUTES.afterSaleDetail, { applicationNo: done.applicationNo }, 'replace');
    } catch (err) {
      // Everything typed stays for another try.
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
  const refer = s.refer;
  if (!refer)
    return (
      <PageShell className="sf-as">
        <View className="sf-as__card sf-as__muted">加载中...</View>
      </PageShell>
    );
  const d = s.draft;
  const max = maxFor(refer, d.seqs);
  const typed = d.amountText ? refundAmount(d.amountText) : null;
  return (
    <PageShell className="sf-as sf-as-apply">
      <View className="sf-as__card">
        <View className="sf-as__title">{refer.courseName}</View>
        <View className="sf-as__muted">订单编号 {refer.orderNo}</View>
      </View>
      <View className="sf-as__card">
        <View className="sf-as__title">售后类型</View>
        <View className="sf-as__chips">
          {([1, 2] as const).map((t) => (
            <View
              key={t}
              id={`as-type-${t}`}
              className={`sf-as__chip ${d.type === t ? 'is-active' : ''}`}
              onClick={() => runInAction(() => (d.type = t))}
            >
              {AFTER_SALE_TYPE_TEXT[t]}
            </View>
          ))}
        </View>
      </View>
      {refer.payments.length > 1 ? (
        <View className="sf-as__card">
          <View className="sf-as__title">退款期数</View>
          <View className="sf-as__chips">
            {refer.payments.map((p) => (
              <View
                key={p.seq}
                id={`as-seq-${p.seq}`}
                className={`sf-as__chip ${d.seqs.includes(p.seq) ? 'is-active' : ''}`}
                onClick={() => toggleSeq(p.seq)}
              >
                {p.label} 可退{formatMoney(p.refundable)}
              </View>
            ))}
          </View>
        </View>
      ) : null}
      <View className="sf-as__card">
        <View className="sf-as__title">退款金额</View>
        <View className="sf-as__row">
          <AmountInput
            id="as-amount"
            className="sf-as__input"
            value={d.amountText}
            placeholder="请输入退款金额"
            onInput={(text) => runInAction(() => (d.amountText = text))}
          />
        </View>
        {typed && 'message' in typed ? (
          <View className="sf-as__warn" id="as-amount-error">
            {typed.message}
          </View>
        ) : null}
        <View className="sf-as__muted" id="as-max">
          最多可退{formatMoney(max)}
        </View>
      </View>
      <View className="sf-as__card">
        <View className="sf-as__title">退款原因</View>
        <View className="sf-as__chips">
          {refer.reasons.map((r) => (
            <View
              key={r}
              className={`sf-as__chip as-reason ${d.reason === r ? 'is-active' : ''}`}
              onClick={() => runInAction(() => (d.reason = r))}
            >
              {r}
            </View>
          ))}
        </View>
      </View>
      <View className="sf-as__card">
        <View className="sf-as__title">问题描述（选填）</View>
        <Textarea
          id="as-description"
          className="sf-as__textarea"
          value={d.description}
          maxlength={AFTER_SALE_DESCRIPTION_MAX}
          placeholder="请描述您遇到的问题"
          onInput={(e) => runInAction(() => (d.description = e.detail.value))}
        />
        <View className="sf-as__muted">
          {d.description.length}/{AFTER_SALE_DESCRIPTION_MAX}
        </View>
      </View>
      <View className="sf-as__card">
        <View className="sf-as__title">上传凭证（选填）</View>
        <ImagePicker
          value={d.images}
          max={AFTER_SALE_IMAGES_MAX}
          hint={AFTER_SALE_TEXTS.imagesHint}
          onChange={(urls) => runInAction(() => (d.images = urls))}
        />
      </View>
      <View className="sf-as__bar">
        {/* On Baidu this tap is also the subscribe form's submit: the refund result's permission. */}
        <SubscribeButton
          moment="afterRefundApply"
          id="as-submit"
          className={`sf-btn sf-as__submit ${s.sending ? 'is-disabled' : ''}`}
          onTap={() => void submit()}
        >
          {applicationNo ? '保存修改' : '提交申请'}
        </SubscribeButton>
      </View>
    </PageShell>
  );
}

export default observer(AfterSaleApply);
