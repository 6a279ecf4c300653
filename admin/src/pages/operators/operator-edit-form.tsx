/** 编辑: name, role, projects and 停用, checked with the contract's operatorUpdateBody. */
import { useState } from 'react';
import { ModalForm, ProFormSelect, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import { App } from 'antd';
import { operatorUpdateBody, type Operator, type OperatorUpdateBody } from '@contract/operators';
import { messageOf } from '../../api/client';
import { updateOperator } from '../../api/operators';
import { FormError } from '../../forms/form-error';
import { zodMessage, zodRule } from '../../forms/zod-rule';
import type { ModalOpen } from '../../components/lazy-modal-form';
import { ProjectField } from './project-field';
import { ROLE_OPTIONS } from './role-options';

const fields = operatorUpdateBody.shape;

export function OperatorEditForm({
  operator,
  onSaved,
  open,
  onOpenChange,
}: { operator: Operator; onSaved: () => void } & ModalOpen) {
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: OperatorUpdateBody) => {
    setError(null);
    const body = { ...values, projectSns: values.role === 'owner' ? [] : (values.projectSns ?? []) };
    const refusal = zodMessage(operatorUpdateBody, body);
    if (refusal) {
      setError(refusal);
      return false;
    }
    try {
      await updateOperator(operator.id, operatorUpdateBody.parse(body));
      message.success(`账号 ${operator.username} 已保存`);
      onSaved();
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    }
  };

  return (
    <ModalForm<OperatorUpdateBody>
      title={`编辑账号 ${operator.username}`}
      width={520}
      initialValues={{
        displayName: operator.displayName,
        role: operator.role,
        projectSns: operator.projectSns,
        disabled: operator.disabled,
      }}
      modalProps={{ maskClosable: false, destroyOnHidden: true }}
      open={open}
      onOpenChange={onOpenChange}
      onFinish={onFinish}
    >
      <ProFormText name="displayName" label="姓名" required rules={[zodRule(fields.displayName.unwrap())]} />
      <ProFormSelect name="role" label="角色" required options={ROLE_OPTIONS} rules={[zodRule(fields.role.unwrap())]} />
      <ProjectField />
      <ProFormSwitch name="disabled" label="停用" extra="停用后该账号立即退出，且不能再登录" />
      <FormError message={error} />
    </ModalForm>
  );
}
