/**
 * 拒绝 with the reason the customer reads, checked with the contract's opsRefuseBody; a refusal by the server is
 * shown under the field, which keeps what was typed.
 */
import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { opsRefuseBody } from '@contract/after-sales';
import { AFTER_SALE_REFUSE_REASON_MAX } from '@contract/rules/after-sale';
import { messageOf } from '../../api/client';
import { refuseAfterSale, type OpsAfterSale } from '../../api/after-sales';
import { FormError } from '../../forms/form-error';
import { zodRule } from '../../forms/zod-rule';

interface Props {
  application: OpsAfterSale;
  onClose(): void;
  onDone(next: OpsAfterSale): void;
}

export function RefuseForm({ application, onClose, onDone }: Props) {
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
      const next = await refuseAfterSale(application.applicationNo, opsRefuseBody.parse(values).reason);
      message.success(`售后单 ${application.applicationNo} 已拒绝`);
      onDone(next);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`拒绝售后：${application.courseName}`}
      okText="拒绝"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      maskClosable={false}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" name="refuse">
        <Form.Item name="reason" label="拒绝原因（顾客可见）" required rules={[zodRule(opsRefuseBody.shape.reason)]}>
          <Input.TextArea rows={3} showCount maxLength={AFTER_SALE_REFUSE_REASON_MAX} placeholder="请填写拒绝原因" />
        </Form.Item>
      </Form>
      <FormError message={error} />
    </Modal>
  );
}
