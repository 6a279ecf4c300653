/** 驳回 with a reason, checked with the contract's opsRejectBody; the amount goes back to the promoter's balance. */
import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { opsRejectBody } from '@contract/earnings';
import { formatMoney } from '@contract/rules/money';
import { messageOf } from '../../api/client';
import { rejectWithdrawal, type OpsWithdrawal } from '../../api/withdrawals';
import { FormError } from '../../forms/form-error';
import { zodRule } from '../../forms/zod-rule';

interface Props {
  withdrawal: OpsWithdrawal;
  onClose(): void;
  onDone(): void;
}

export function RejectForm({ withdrawal: w, onClose, onDone }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      await rejectWithdrawal(w.withdrawalNo, opsRejectBody.parse(values).reason);
      message.success(`提现 ${w.withdrawalNo} 已驳回，${formatMoney(w.amount)} 已退回余额`);
      onDone();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`驳回提现 ${formatMoney(w.amount)}`}
      okText="驳回"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      maskClosable={false}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" name="reject">
        <Form.Item name="reason" label="驳回原因（推广员可见）" required rules={[zodRule(opsRejectBody.shape.reason)]}>
          <Input.TextArea rows={3} showCount maxLength={60} placeholder="如：信息有误" />
        </Form.Item>
      </Form>
      <FormError message={error} />
    </Modal>
  );
}
