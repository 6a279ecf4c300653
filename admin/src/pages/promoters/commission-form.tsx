/**
 * An item's commission: 固定金额 in yuan per order (stored as fen) or 按比例 in percent of the goods amount (stored
 * as basis points), checked with the contract's opsCommissionRuleBody once converted.
 */
import { useState } from 'react';
import { App, Form, InputNumber, Modal, Radio } from 'antd';
import { opsCommissionRuleBody } from '@contract/earnings';
import { messageOf } from '../../api/client';
import { setCommissionRule, type OpsCommissionItem } from '../../api/promoters';
import { FormError } from '../../forms/form-error';
import { zodMessage } from '../../forms/zod-rule';

interface Values {
  mode: 'FIXED' | 'RATE';
  /** Yuan (FIXED) or percent (RATE), as typed. */
  amount: number | null;
}

interface Props {
  item: OpsCommissionItem;
  onClose(): void;
  onSaved(): void;
}

/** Fen or basis points from what was typed (both are hundredths). */
const hundredths = (n: number) => Math.round(n * 100);

export function CommissionForm({ item, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form) ?? item.rule?.mode ?? 'FIXED';
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = { actSn: item.actSn, mode: values.mode, value: hundredths(values.amount ?? Number.NaN) };
    const refusal = zodMessage(opsCommissionRuleBody, body);
    if (refusal) return setError(refusal);
    setBusy(true);
    try {
      await setCommissionRule(opsCommissionRuleBody.parse(body));
      message.success(`「${item.actName}」的佣金已保存`);
      onSaved();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`佣金规则：${item.actName}`}
      okText="保存"
      cancelText="取消"
      maskClosable={false}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="commission"
        initialValues={{ mode: item.rule?.mode ?? 'FIXED', amount: item.rule ? item.rule.value / 100 : null }}
      >
        <Form.Item name="mode" label="佣金方式" required>
          <Radio.Group
            options={[
              { value: 'FIXED', label: '固定金额（每单）' },
              { value: 'RATE', label: '按比例（商品金额）' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={mode === 'FIXED' ? '每单佣金（元）' : '佣金比例（%）'}
          required
          rules={[
            {
              validator: async (_rule, value: number | null) => {
                if (value === null || value === undefined) throw new Error('请输入佣金数值');
                const problem = zodMessage(opsCommissionRuleBody.shape.value, hundredths(value));
                if (problem) throw new Error(problem);
                if (mode === 'RATE' && value > 100) throw new Error('佣金比例不能超过100%');
              },
            },
          ]}
        >
          <InputNumber
            min={0}
            precision={2}
            style={{ width: 200 }}
            addonAfter={mode === 'FIXED' ? '元' : '%'}
            placeholder={mode === 'FIXED' ? '如 10.00' : '如 5'}
          />
        </Form.Item>
      </Form>
      <FormError message={error} />
    </Modal>
  );
}
