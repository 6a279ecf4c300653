/**
 * 生成下单链接: a course on sale, one of its prices (each package, or 售价: the order total the customer pays, fen
 * from the server), the customer's phone, an expiry (China time, at most 30 days) and a note. Checked with the
 * contract's opsOrderLinkBody as the server checks it; a refusal shows above the buttons and keeps what was typed.
 */
import { useRef, useState } from 'react';
import {
  ModalForm,
  ProFormDateTimePicker,
  ProFormDependency,
  ProFormSelect,
  ProFormText,
  type ProFormInstance,
} from '@ant-design/pro-components';
import {} from 'antd';
import type { Dayjs } from 'dayjs';
import { ORDER_LINK_MAX_DAYS, opsOrderLinkBody, opsOrderLinkFields } from '@contract/order-link';
import { formatMoney } from '@contract/rules/money';
import { messageOf } from '../../api/client';
import { issueOrderLink, type OrderLinkIssued, type OrderLinkItem } from '../../api/order-links';
import { FormError } from '../../forms/form-error';
import { zodRule } from '../../forms/zod-rule';
import { chinaIso, firstIssue, pickerValue } from '../marketing/form-values';
import type { ModalOpen } from '../../components/lazy-modal-form';

interface Values {
  actSn?: string;
  /** The chosen price: a package's sn, or '' for the course's own 售价. */
  choice?: string;
  phone?: string;
  expiresAt?: Dayjs | string | null;
  note?: string;
}

const fields = opsOrderLinkFields.shape;
const DEFAULT_DAYS = 7;

/** The end of the China day DEFAULT_DAYS from now, as the picker shows China wall-clock time. */
const defaultExpiry = () => pickerValue(new Date(Date.now() + DEFAULT_DAYS * 86_400_000).toISOString())?.endOf('day');

export function IssueForm({
  projectSn,
  items,
  onIssued,
  open,
  onOpenChange,
}: {
  projectSn: string;
  /** The project's courses on sale with their prices (GET /ops/v1/order-links/items). */
  items: OrderLinkItem[];
  onIssued: (issued: OrderLinkIssued) => void;
} & ModalOpen) {
  const formRef = useRef<ProFormInstance<Values>>(undefined);
  const [error, setError] = useState<string | null>(null);

  const bodyOf = (v: Values) => ({
    projectSn,
    actSn: v.actSn ?? '',
    packageSn: v.choice ? v.choice : null,
    phone: v.phone ?? '',
    expiresAt: chinaIso(v.expiresAt ?? null) ?? '',
    note: v.note ?? '',
  });

  const onFinish = async (values: Values) => {
    setError(null);
    const body = bodyOf(values);
    const issue = firstIssue(opsOrderLinkBody, body);
    if (issue) {
      setError(issue.message);
      return false;
    }
    try {
      const issued = await issueOrderLink(opsOrderLinkBody.parse(body));
      formRef.current?.resetFields();
      onIssued(issued);
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    }
  };

  return (
    <ModalForm<Values>
      title="生成下单链接"
      formRef={formRef}
      width={560}
      initialValues={{ expiresAt: defaultExpiry() }}
      modalProps={{ maskClosable: false, destroyOnHidden: true, className: 'sf-admin-link-form' }}
      submitter={{ searchConfig: { submitText: '生成', resetText: '取消' } }}
      open={open}
      onOpenChange={onOpenChange}
      onFinish={onFinish}
    >
      <ProFormSelect
        name="actSn"
        label="课程"
        placeholder="选择在售课程"
        showSearch
        options={items.map((i) => ({ value: i.actSn, label: i.actName }))}
        rules={[{ required: true, message: '请选择课程' }]}
        fieldProps={{
          onChange: (actSn: string) => {
            // A course's first price is chosen with it; the operator may pick another.
            const first = items.find((i) => i.actSn === actSn)?.choices[0];
            formRef.current?.setFieldsValue({ choice: first ? (first.packageSn ?? '') : undefined });
          },
        }}
      />
      <ProFormDependency name={['actSn']}>
        {({ actSn }: { actSn?: string }) => (
          <ProFormSelect
            name="choice"
            label="套餐与价格（客户应付）"
            placeholder="先选择课程"
            disabled={!actSn}
            options={(items.find((i) => i.actSn === actSn)?.choices ?? []).map((c) => ({
              value: c.packageSn ?? '',
              label: `${c.name}：${formatMoney(c.amount)}`,
            }))}
            rules={[{ required: true, message: '请选择套餐与价格' }]}
          />
        )}
      </ProFormDependency>
      <ProFormText
        name="phone"
        label="客户手机号"
        required
        placeholder="链接只能由这个手机号登录后下单"
        fieldProps={{ maxLength: 11, inputMode: 'numeric', autoComplete: 'off' }}
        rules={[zodRule(fields.phone)]}
      />
      <ProFormDateTimePicker
        name="expiresAt"
        label={`失效时间（北京时间，最长${ORDER_LINK_MAX_DAYS}天）`}
        rules={[{ required: true, message: '请选择失效时间（北京时间）' }]}
      />
      <ProFormText
        name="note"
        label="备注（仅后台可见）"
        placeholder="如客户姓名"
        fieldProps={{ maxLength: 40, autoComplete: 'off' }}
        rules={[zodRule(fields.note)]}
      />
      <FormError message={error} />
    </ModalForm>
  );
}
