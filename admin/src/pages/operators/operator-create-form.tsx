/** 新建账号: checked field by field and as a whole with the contract's operatorCreateBody, as the server does. */
import { useRef, useState } from 'react';
import { ModalForm, ProFormSelect, ProFormText, type ProFormInstance } from '@ant-design/pro-components';
import { App } from 'antd';
import { operatorCreateBody, type OperatorCreateBody } from '@contract/operators';
import { messageOf } from '../../api/client';
import { createOperator } from '../../api/operators';
import { FormError } from '../../forms/form-error';
import { zodMessage, zodRule } from '../../forms/zod-rule';
import { ProjectField } from './project-field';
import { ROLE_OPTIONS } from './role-options';
import type { ModalOpen } from '../../components/lazy-modal-form';

const fields = operatorCreateBody.shape;

export function OperatorCreateForm({ onCreated, open, onOpenChange }: { onCreated: () => void } & ModalOpen) {
  const { message } = App.useApp();
  const formRef = useRef<ProFormInstance<OperatorCreateBody>>(undefined);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: OperatorCreateBody) => {
    setError(null);
    const body = { ...values, projectSns: values.role === 'owner' ? [] : (values.projectSns ?? []) };
    const refusal = zodMessage(operatorCreateBody, body);
    if (refusal) {
      setError(refusal);
      return false;
    }
    try {
      const created = await createOperator(operatorCreateBody.parse(body));
      message.success(`账号 ${created.username} 已创建`);
      formRef.current?.resetFields();
      onCreated();
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    }
  };

  return (
    <ModalForm<OperatorCreateBody>
      title="新建账号"
      formRef={formRef}
      width={520}
      modalProps={{ maskClosable: false }}
      open={open}
      onOpenChange={onOpenChange}
      onFinish={onFinish}
    >
      <ProFormText
        name="username"
        label="用户名"
        required
        placeholder="3-32位字母、数字、下划线、点或横线"
        fieldProps={{ autoComplete: 'off' }}
        rules={[zodRule(fields.username)]}
      />
      <ProFormText name="displayName" label="姓名" required rules={[zodRule(fields.displayName)]} />
      <ProFormSelect name="role" label="角色" required options={ROLE_OPTIONS} rules={[zodRule(fields.role)]} />
      <ProjectField />
      <ProFormText.Password
        name="password"
        label="初始密码"
        required
        placeholder="至少10位，请线下告知本人"
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[zodRule(fields.password)]}
      />
      <FormError message={error} />
    </ModalForm>
  );
}
