/**
 * 修改密码: the operator's own, with the old one; the new one follows the contract's rule (newPassword).
 * antd's Form rather than ProForm: pro-form's fields bring every field type (scripts/admin-budget.mjs).
 */
import { useState } from 'react';
import { PageContainer } from '@ant-design/pro-components';
import { App, Button, Card, Form, Input, Space } from 'antd';
import { changePasswordBody } from '@contract/operators';
import { messageOf } from '../../api/client';
import { changePassword } from '../../api/operators';
import { FormError } from '../../forms/form-error';
import { zodRule } from '../../forms/zod-rule';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export default function PasswordPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: Values) => {
    setError(null);
    setSaving(true);
    try {
      await changePassword(values.oldPassword, values.newPassword);
      message.success('密码已修改');
      form.resetFields();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageContainer title="修改密码">
      <Card style={{ maxWidth: 560 }}>
        <Form<Values> form={form} layout="vertical" onFinish={onFinish}>
          <Form.Item name="oldPassword" label="原密码" required rules={[zodRule(changePasswordBody.shape.oldPassword)]}>
            <Input.Password autoComplete="current-password" placeholder="请输入" />
          </Form.Item>
          <Form.Item name="newPassword" label="新密码" required rules={[zodRule(changePasswordBody.shape.newPassword)]}>
            <Input.Password autoComplete="new-password" placeholder="至少10位" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label="确认新密码"
            required
            dependencies={['newPassword']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string | undefined) => {
                  if (!value) throw new Error('请再次输入新密码');
                  if (value !== getFieldValue('newPassword')) throw new Error('两次输入的密码不一致');
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" placeholder="请输入" />
          </Form.Item>
          <FormError message={error} />
          <Space>
            <Button onClick={() => form.resetFields()}>重置</Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              提交
            </Button>
          </Space>
        </Form>
      </Card>
    </PageContainer>
  );
}
