/**
 * 生成卡密: a batch of N secret codes of one card voucher (face value in yuan, the coupons it grants), checked as a
 * whole with the contract's opsBatchBody. The codes are not shown here: they leave the server by the one export.
 */
import { useRef, useState } from 'react';
import {
  ModalForm,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  type ProFormInstance,
} from '@ant-design/pro-components';
import { App } from 'antd';
import type { Dayjs } from 'dayjs';
import { opsBatchBody } from '@contract/coupon-ops';
import { messageOf } from '../../api/client';
import { generateBatch, type CouponTemplate } from '../../api/marketing';
import { FormError } from '../../forms/form-error';
import { zodRule } from '../../forms/zod-rule';
import { chinaIso, fenOf, firstIssue } from './form-values';
import type { ModalOpen } from '../../components/lazy-modal-form';

interface Values {
  cardName: string;
  faceValue: number | null;
  description: string;
  instructions: string;
  couponSns: string[];
  validityDays: number | null;
  redeemEndAt: Dayjs | string | null;
  count: number | null;
}

const fields = opsBatchBody.shape;

export function BatchForm({
  projectSn,
  templates,
  onSaved,
  open,
  onOpenChange,
}: {
  projectSn: string;
  templates: CouponTemplate[];
  onSaved: () => void;
} & ModalOpen) {
  const { message } = App.useApp();
  const formRef = useRef<ProFormInstance<Values>>(undefined);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (v: Values) => {
    setError(null);
    const body = {
      projectSn,
      cardName: v.cardName ?? '',
      faceValue: v.faceValue === null || v.faceValue === undefined ? 0 : fenOf(v.faceValue),
      description: v.description ?? '',
      instructions: v.instructions ?? '',
      couponSns: v.couponSns ?? [],
      validityDays: v.validityDays ?? Number.NaN,
      redeemEndAt: chinaIso(v.redeemEndAt),
      count: v.count ?? Number.NaN,
    };
    const issue = firstIssue(opsBatchBody, body);
    if (issue) {
      if (issue.name) formRef.current?.setFields([{ name: issue.name as never, errors: [issue.message] }]);
      setError(issue.message);
      return false;
    }
    try {
      const { batch } = await generateBatch(opsBatchBody.parse(body));
      message.success(`已生成 ${batch.codes} 个卡密，请在列表中导出（只能导出一次）`);
      formRef.current?.resetFields();
      onSaved();
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    }
  };

  return (
    <ModalForm<Values>
      title="生成卡密"
      formRef={formRef}
      width={600}
      initialValues={{ validityDays: 365, couponSns: [] }}
      modalProps={{ maskClosable: false, destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '生成', resetText: '取消' } }}
      open={open}
      onOpenChange={onOpenChange}
      onFinish={onFinish}
    >
      <ProFormText
        name="cardName"
        label="卡券名称"
        required
        fieldProps={{ autoComplete: 'off' }}
        rules={[zodRule(fields.cardName)]}
      />
      <ProFormDigit
        name="faceValue"
        label="面值（元）"
        tooltip="不是现金券（如体验课）填 0"
        fieldProps={{ precision: 2, min: undefined }}
      />
      <ProFormSelect
        name="couponSns"
        label="兑换后发放的优惠券"
        mode="multiple"
        options={templates
          .filter((t) => t.status === 'ACTIVE')
          .map((t) => ({ value: t.couponSn, label: t.couponName }))}
      />
      <ProFormDigit name="validityDays" label="兑换后有效天数" required fieldProps={{ precision: 0, min: undefined }} />
      <ProFormDateTimePicker name="redeemEndAt" label="兑换截止时间（北京时间，不填为不限）" />
      <ProFormDigit
        name="count"
        label="生成数量"
        required
        placeholder="1-5000"
        fieldProps={{ precision: 0, min: undefined }}
      />
      <ProFormTextArea
        name="description"
        label="卡券说明"
        fieldProps={{ rows: 2 }}
        rules={[zodRule(fields.description)]}
      />
      <ProFormTextArea
        name="instructions"
        label="使用说明"
        placeholder="每行一条"
        fieldProps={{ rows: 2 }}
        rules={[zodRule(fields.instructions)]}
      />
      <FormError message={error} />
    </ModalForm>
  );
}
