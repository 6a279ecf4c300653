/** 重置密码: an owner sets another operator's password (contract newPassword); that operator's sessions end. */
import { useState } from 'react';
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { App } from 'antd';
import { newPassword, type Operator } from '@contract/operators';
import { messageOf } from '../../api/client';
import { updateOperator } from '../../api/operators';
import { FormError } from '../../forms/form-error';
import { zodRule } from '../../forms/zod-rule';
import type { ModalOpen } from '../../components/lazy-modal-form';

interface Values {
  password: string;
  confirm: string;
}

export function OperatorPasswordForm({ operator, open, onOpenChange }: { operator: Operator } & ModalOpen) {
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    setError(null);
    try {
      await updateOperator(operator.id, { password: values.password });
      message.success(`已重置 ${operator.username} 的密码，其登录已失效`);
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    }
  };

  return (
    <ModalForm<Values>
      title={`重置 ${operator.username} 的密码`}
      width={480}
      modalProps={{ maskClosable: false, destroyOnHidden: true }}
      open={open}
      onOpenChange={onOpenChange}
      onFinish={onFinish}
    >
      <ProFormText.Password
        name="password"
        label="新密码"
        required
        placeholder="至少10位，请线下告知本人"
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[zodRule(newPassword)]}
      />
      <ProFormText.Password
        name="confirm"
        label="确认新密码"
        required
        dependencies={['password']}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (!value) throw new Error('请再次输入新密码');
              if (value !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      />
      <FormError message={error} />
    </ModalForm>
  );
}
