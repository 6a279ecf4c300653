/** 修改密码: the operator's own, with the old one; the new one follows the contract's rule (newPassword). */
import { useRef, useState } from 'react';
import { PageContainer, ProCard, ProForm, ProFormText, type ProFormInstance } from '@ant-design/pro-components';
import { App } from 'antd';
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
  const formRef = useRef<ProFormInstance<Values>>(undefined);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    setError(null);
    try {
      await changePassword(values.oldPassword, values.newPassword);
      message.success('密码已修改');
      formRef.current?.resetFields();
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <PageContainer title="修改密码">
      <ProCard style={{ maxWidth: 560 }}>
        <ProForm<Values> formRef={formRef} layout="vertical" onFinish={onFinish}>
          <ProFormText.Password
            name="oldPassword"
            label="原密码"
            required
            fieldProps={{ autoComplete: 'current-password' }}
            rules={[zodRule(changePasswordBody.shape.oldPassword)]}
          />
          <ProFormText.Password
            name="newPassword"
            label="新密码"
            required
            placeholder="至少10位"
            fieldProps={{ autoComplete: 'new-password' }}
            rules={[zodRule(changePasswordBody.shape.newPassword)]}
          />
          <ProFormText.Password
            name="confirm"
            label="确认新密码"
            required
            dependencies={['newPassword']}
            fieldProps={{ autoComplete: 'new-password' }}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string | undefined) => {
                  if (!value) throw new Error('请再次输入新密码');
                  if (value !== getFieldValue('newPassword')) throw new Error('两次输入的密码不一致');
                },
              }),
            ]}
          />
          <FormError message={error} />
        </ProForm>
      </ProCard>
    </PageContainer>
  );
}
