/**
 * 新建 / 编辑领券活动: title, times (China time) and the coupons offered with stock and per-person limit, checked
 * as a whole with the contract's opsClaimBody (opsClaimUpdateBody when editing); a refusal keeps what was typed.
 */
import { useRef, useState } from 'react';
import {
  ModalForm,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormList,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  type ProFormInstance,
} from '@ant-design/pro-components';
import { App } from 'antd';
import type { Dayjs } from 'dayjs';
import { opsClaimBody, opsClaimFields, opsClaimUpdateBody } from '@contract/coupon-ops';
import { messageOf } from '../../api/client';
import { createClaim, updateClaim, type ClaimActivity, type CouponTemplate } from '../../api/marketing';
import { FormError } from '../../forms/form-error';
import { zodRule } from '../../forms/zod-rule';
import { chinaIso, firstIssue, pickerValue } from './form-values';
import type { ModalOpen } from '../../components/lazy-modal-form';

interface Values {
  title: string;
  description: string;
  startAt: Dayjs | string | null;
  endAt: Dayjs | string | null;
  items: { couponSn?: string; stock?: number | null; perPerson?: number | null }[];
}

const fields = opsClaimFields.shape;

const bodyOf = (v: Values) => ({
  title: v.title ?? '',
  description: v.description ?? '',
  startAt: chinaIso(v.startAt),
  endAt: chinaIso(v.endAt),
  items: (v.items ?? []).map((i) => ({
    couponSn: i.couponSn ?? '',
    stock: i.stock ?? Number.NaN,
    perPerson: i.perPerson ?? 1,
  })),
});

export function ClaimForm({
  projectSn,
  claim,
  templates,
  onSaved,
  open,
  onOpenChange,
}: {
  projectSn: string;
  claim?: ClaimActivity;
  /** The project's templates; only those still given out may be added. */
  templates: CouponTemplate[];
  onSaved: () => void;
} & ModalOpen) {
  const { message } = App.useApp();
  const formRef = useRef<ProFormInstance<Values>>(undefined);
  const [error, setError] = useState<string | null>(null);
  const inClaim = new Set(claim?.items.map((i) => i.couponSn));
  const options = templates
    .filter((t) => t.status === 'ACTIVE' || inClaim.has(t.couponSn))
    .map((t) => ({ value: t.couponSn, label: t.couponName }));

  const onFinish = async (values: Values) => {
    setError(null);
    const body = bodyOf(values);
    const issue = claim ? firstIssue(opsClaimUpdateBody, body) : firstIssue(opsClaimBody, { ...body, projectSn });
    if (issue) {
      if (issue.name) formRef.current?.setFields([{ name: issue.name as never, errors: [issue.message] }]);
      setError(issue.message);
      return false;
    }
    try {
      const saved = claim
        ? await updateClaim(claim.actSn, opsClaimUpdateBody.parse(body))
        : await createClaim(opsClaimBody.parse({ ...body, projectSn }));
      message.success(`领券活动「${saved.title}」已保存`);
      if (!claim) formRef.current?.resetFields();
      onSaved();
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    }
  };

  return (
    <ModalForm<Values>
      title={claim ? `编辑领券活动：${claim.title}` : '新建领券活动'}
      formRef={formRef}
      width={640}
      initialValues={
        claim
          ? {
              title: claim.title,
              description: claim.description,
              startAt: pickerValue(claim.startAt) ?? null,
              endAt: pickerValue(claim.endAt) ?? null,
              items: claim.items.map((i) => ({ couponSn: i.couponSn, stock: i.stock, perPerson: i.perPerson })),
            }
          : { items: [{ perPerson: 1 }] }
      }
      modalProps={{ maskClosable: false, destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      open={open}
      onOpenChange={onOpenChange}
      onFinish={onFinish}
    >
      <ProFormText
        name="title"
        label="活动标题"
        required
        fieldProps={{ autoComplete: 'off' }}
        rules={[zodRule(fields.title)]}
      />
      <ProFormTextArea
        name="description"
        label="活动说明"
        fieldProps={{ rows: 2 }}
        rules={[zodRule(fields.description)]}
      />
      <ProFormDateTimePicker name="startAt" label="开始时间（北京时间，不填为立即开始）" />
      <ProFormDateTimePicker name="endAt" label="结束时间（北京时间，不填为不结束）" />
      <ProFormList
        name="items"
        label="发放的优惠券"
        creatorButtonProps={{ creatorButtonText: '添加优惠券' }}
        creatorRecord={{ perPerson: 1 }}
        min={1}
        itemRender={({ listDom, action }) => (
          <div style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
            {listDom}
            {action}
          </div>
        )}
      >
        <div style={{ display: 'flex', gap: 8 }}>
          <ProFormSelect
            name="couponSn"
            placeholder="选择优惠券"
            options={options}
            width={220}
            rules={[{ required: true, message: '请选择优惠券' }]}
          />
          <ProFormDigit name="stock" placeholder="库存" width={110} fieldProps={{ precision: 0, min: undefined }} />
          <ProFormDigit
            name="perPerson"
            placeholder="每人限领"
            width={110}
            fieldProps={{ precision: 0, min: undefined, addonAfter: '张/人' }}
          />
        </div>
      </ProFormList>
      <FormError message={error} />
    </ModalForm>
  );
}
