/** 标记已处理 with an optional note for the other operators, checked with the contract's opsFeedbackHandleBody. */
import { useState } from 'react';
import { App, Form, Input, Modal, Typography } from 'antd';
import { opsFeedbackHandleBody } from '@contract/feedback';
import { messageOf } from '../../api/client';
import { markFeedbackHandled, type OpsFeedback } from '../../api/feedback';
import { FormError } from '../../forms/form-error';
import { zodRule } from '../../forms/zod-rule';

interface Props {
  feedback: OpsFeedback;
  onClose(): void;
  onDone(): void;
}

export function HandleForm({ feedback: f, onClose, onDone }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note?: string }>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      await markFeedbackHandled(f.feedbackSn, opsFeedbackHandleBody.parse({ note: values.note ?? '' }).note);
      message.success('已标记为已处理');
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
      title="标记已处理"
      okText="标记已处理"
      cancelText="取消"
      maskClosable={false}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }}>
        {f.feedbackType}：{f.content}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="handle">
        <Form.Item name="note" label="处理备注（选填，顾客不可见）" rules={[zodRule(opsFeedbackHandleBody.shape.note)]}>
          <Input.TextArea rows={3} showCount maxLength={200} placeholder="如：已电话回访" />
        </Form.Item>
      </Form>
      <FormError message={error} />
    </Modal>
  );
}
