/**
 * 新建 / 编辑优惠券: typed in yuan, checked as a whole with the contract's opsTemplateBody (or opsTemplateUpdateBody)
 * once converted to fen, so the console refuses what the server refuses in the same words; a refusal lands on
 * its field and nothing typed is lost.
 */
import { useRef, useState } from 'react';
import {
  ModalForm,
  ProFormDateTimePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
  type ProFormInstance,
} from '@ant-design/pro-components';
import { Alert, App } from 'antd';
import type { Dayjs } from 'dayjs';
import { opsTemplateBody, opsTemplateFields, opsTemplateUpdateBody } from '@contract/coupon-ops';
import { messageOf } from '../../api/client';
import { createTemplate, updateTemplate, type CouponTemplate } from '../../api/marketing';
import { FormError } from '../../forms/form-error';
import { zodRule } from '../../forms/zod-rule';
import { chinaIso, fenOf, firstIssue, pickerValue, VALIDITY_OPTIONS, validityNeeds, yuanOf } from './form-values';
import type { ModalOpen } from '../../components/lazy-modal-form';

interface Values {
  couponName: string;
  couponType: 1 | 2;
  /** Yuan off (type 1) or percent off (type 2). */
  amount: number | null;
  threshold: number | null;
  upperLimit: number | null;
  validityType: number;
  validityDays: number | null;
  validStart: Dayjs | string | null;
  validEnd: Dayjs | string | null;
  scopeText: string;
  instructions: string;
  useUrl: string;
}

const fields = opsTemplateFields.shape;

/** The form's names of the contract's fields (couponAmount is typed as `amount`). */
const fieldName = (name: (string | number)[] | null) => (name && name[0] === 'couponAmount' ? ['amount'] : name);

function bodyOf(v: Values) {
  const needs = validityNeeds(v.validityType);
  return {
    couponName: v.couponName ?? '',
    couponType: v.couponType,
    couponAmount: v.couponType === 2 ? (v.amount ?? Number.NaN) : fenOf(v.amount),
    threshold: v.threshold === null || v.threshold === undefined ? 0 : fenOf(v.threshold),
    upperLimit: v.upperLimit === null || v.upperLimit === undefined ? 0 : fenOf(v.upperLimit),
    scopeActSns: [],
    scopeText: v.scopeText ?? '',
    validityType: v.validityType,
    validityDays: needs.days ? (v.validityDays ?? null) : null,
    validStart: needs.start ? chinaIso(v.validStart) : null,
    validEnd: needs.end ? chinaIso(v.validEnd) : null,
    instructions: v.instructions ?? '',
    useUrl: v.useUrl ? v.useUrl.trim() : null,
  };
}

function initialOf(t: CouponTemplate | undefined): Partial<Values> {
  if (!t) return { couponType: 1, validityType: 1, validityDays: 30 };
  return {
    couponName: t.couponName,
    couponType: t.couponType === 2 ? 2 : 1,
    amount: t.couponType === 2 ? t.couponAmount : yuanOf(t.couponAmount),
    threshold: yuanOf(t.threshold),
    upperLimit: t.upperLimit ? yuanOf(t.upperLimit) : null,
    validityType: t.validityType,
    validityDays: t.validityDays,
    validStart: pickerValue(t.validStart) ?? null,
    validEnd: pickerValue(t.validEnd) ?? null,
    scopeText: t.scopeText,
    instructions: t.instructions,
    useUrl: t.useUrl ?? '',
  };
}

export function CouponForm({
  projectSn,
  template,
  onSaved,
  open,
  onOpenChange,
}: {
  projectSn: string;
  template?: CouponTemplate;
  onSaved: () => void;
} & ModalOpen) {
  const { message } = App.useApp();
  const formRef = useRef<ProFormInstance<Values>>(undefined);
  const [error, setError] = useState<string | null>(null);
  const issued = (template?.issued ?? 0) > 0;

  const onFinish = async (values: Values) => {
    setError(null);
    // The form has no field for the items a template is limited to (set by scripts): they go back unchanged, and
    // once copies were given out so do the terms the form shows greyed out.
    const body = { ...bodyOf(values), scopeActSns: template?.scopeActSns ?? [] };
    if (template && issued) {
      const { couponType, couponAmount, threshold, upperLimit, validityType, validityDays, validStart, validEnd } =
        template;
      Object.assign(body, {
        couponType,
        couponAmount,
        threshold,
        upperLimit,
        validityType,
        validityDays,
        validStart,
        validEnd,
      });
    }
    const issue = template
      ? firstIssue(opsTemplateUpdateBody, body)
      : firstIssue(opsTemplateBody, { ...body, projectSn });
    if (issue) {
      const name = fieldName(issue.name);
      if (name) formRef.current?.setFields([{ name: name as never, errors: [issue.message] }]);
      setError(issue.message);
      return false;
    }
    try {
      const saved = template
        ? await updateTemplate(template.couponSn, opsTemplateUpdateBody.parse(body))
        : await createTemplate(opsTemplateBody.parse({ ...body, projectSn }));
      message.success(`优惠券「${saved.couponName}」已保存`);
      if (!template) formRef.current?.resetFields();
      onSaved();
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    }
  };

  return (
    <ModalForm<Values>
      title={template ? `编辑优惠券：${template.couponName}` : '新建优惠券'}
      formRef={formRef}
      width={600}
      initialValues={initialOf(template)}
      modalProps={{ maskClosable: false, destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      open={open}
      onOpenChange={onOpenChange}
      onFinish={onFinish}
    >
      {issued && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="已有顾客领取：只能修改名称、适用范围说明、使用说明和使用链接，优惠内容和有效期不能改。"
        />
      )}
      <ProFormText
        name="couponName"
        label="优惠券名称"
        required
        placeholder="如：满100减10"
        fieldProps={{ autoComplete: 'off' }}
        rules={[zodRule(fields.couponName)]}
      />
      <ProFormRadio.Group
        name="couponType"
        label="优惠类型"
        required
        disabled={issued}
        options={[
          { value: 1, label: '减金额' },
          { value: 2, label: '打折' },
        ]}
      />
      <ProFormDependency name={['couponType']}>
        {({ couponType }: { couponType?: number }) => (
          <ProFormDigit
            name="amount"
            label={couponType === 2 ? '减去的百分比（%）' : '优惠金额（元）'}
            required
            disabled={issued}
            placeholder={couponType === 2 ? '如 20 表示打8折' : '如 10'}
            fieldProps={{ precision: couponType === 2 ? 0 : 2, min: undefined, max: undefined }}
          />
        )}
      </ProFormDependency>
      <ProFormDigit
        name="threshold"
        label="使用门槛（元）"
        tooltip="订单满多少元可用，0 或不填为无门槛"
        disabled={issued}
        fieldProps={{ precision: 2, min: undefined }}
      />
      <ProFormDigit
        name="upperLimit"
        label="最高优惠（元）"
        tooltip="打折券最多减多少元，0 或不填为不限"
        disabled={issued}
        fieldProps={{ precision: 2, min: undefined }}
      />
      <ProFormSelect name="validityType" label="有效期" required disabled={issued} options={VALIDITY_OPTIONS} />
      <ProFormDependency name={['validityType']}>
        {({ validityType }: { validityType?: number }) => {
          const needs = validityNeeds(validityType);
          return (
            <>
              {needs.days && (
                <ProFormDigit
                  name="validityDays"
                  label="有效天数"
                  required
                  disabled={issued}
                  fieldProps={{ precision: 0, min: undefined }}
                />
              )}
              {needs.start && (
                <ProFormDateTimePicker name="validStart" label="开始时间（北京时间）" required disabled={issued} />
              )}
              {needs.end && (
                <ProFormDateTimePicker
                  name="validEnd"
                  label={needs.start ? '结束时间（北京时间）' : '截止时间（北京时间）'}
                  required
                  disabled={issued}
                />
              )}
            </>
          );
        }}
      </ProFormDependency>
      <ProFormText
        name="scopeText"
        label="适用范围说明"
        placeholder="不填为“全部商品可用”"
        rules={[zodRule(fields.scopeText)]}
      />
      <ProFormTextArea
        name="instructions"
        label="使用说明"
        placeholder="每行一条"
        fieldProps={{ rows: 3 }}
        rules={[zodRule(fields.instructions)]}
      />
      <ProFormText name="useUrl" label="使用链接" placeholder="在合作方页面使用时填写，http(s) 地址" />
      <FormError message={error} />
    </ModalForm>
  );
}
