/**
 * 新增访问限制: what to close (the whole project for maintenance, one storefront page, one customer by phone or user
 * id), the reason the storefront's error page shows, and an optional end (China time). Checked with the contract's
 * opsAccessBlockCreate as the server checks it; a refusal shows above the buttons and keeps what was typed.
 */
import { useState } from 'react';
import {
  ModalForm,
  ProFormDateTimePicker,
  ProFormDependency,
  ProFormRadio,
  ProFormText,
} from '@ant-design/pro-components';
import {} from 'antd';
import type { Dayjs } from 'dayjs';
import {
  ACCESS_BLOCK_KIND_TEXT,
  ACCESS_BLOCK_KINDS,
  ACCESS_DEFAULT_REASON,
  ACCESS_REASON_MAX,
  opsAccessBlockCreate,
  type AccessBlockKind,
} from '@contract/access';
import { createAccessBlock } from '../../api/access';
import { messageOf } from '../../api/client';
import { FormError } from '../../forms/form-error';
import { chinaIso, firstIssue } from '../marketing/form-values';
import type { ModalOpen } from '../../components/lazy-modal-form';

interface Values {
  kind?: AccessBlockKind;
  target?: string;
  reason?: string;
  endsAt?: Dayjs | string | null;
}

const TARGET_LABEL: Partial<Record<AccessBlockKind, [label: string, placeholder: string]>> = {
  PAGE: ['页面路径', '如 pages/index/index 或 subpackages/activity/exchangeCenter/exchangeCenter'],
  VISITOR: ['顾客手机号或用户ID', '11位手机号，或订单详情中的用户ID'],
};

export function BlockForm({
  projectSn,
  onCreated,
  open,
  onOpenChange,
}: { projectSn: string; onCreated: () => void } & ModalOpen) {
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (v: Values) => {
    setError(null);
    const body = {
      projectSn,
      kind: v.kind ?? 'PROJECT',
      target: v.kind === 'PROJECT' ? '' : (v.target ?? ''),
      reason: v.reason ?? '',
      endsAt: chinaIso(v.endsAt ?? null),
    };
    const issue = firstIssue(opsAccessBlockCreate, body);
    if (issue) {
      setError(issue.message);
      return false;
    }
    try {
      await createAccessBlock(body);
      onCreated();
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    }
  };

  return (
    <ModalForm<Values>
      title="新增访问限制"
      width={560}
      initialValues={{ kind: 'PROJECT' }}
      modalProps={{ maskClosable: false, destroyOnHidden: true, className: 'sf-admin-access-form' }}
      submitter={{ searchConfig: { submitText: '确定限制', resetText: '取消' } }}
      open={open}
      onOpenChange={onOpenChange}
      onFinish={onFinish}
    >
      <ProFormRadio.Group
        name="kind"
        label="限制范围"
        options={ACCESS_BLOCK_KINDS.map((k) => ({ value: k, label: ACCESS_BLOCK_KIND_TEXT[k] }))}
      />
      <ProFormDependency name={['kind']}>
        {({ kind }: { kind?: AccessBlockKind }) => {
          const target = kind ? TARGET_LABEL[kind] : undefined;
          return (
            <>
              {target ? (
                <ProFormText
                  name="target"
                  label={target[0]}
                  placeholder={target[1]}
                  fieldProps={{ autoComplete: 'off', maxLength: 120 }}
                />
              ) : null}
              <ProFormText
                name="reason"
                label="原因（顾客在错误页看到）"
                placeholder={ACCESS_DEFAULT_REASON[kind ?? 'PROJECT']}
                fieldProps={{ autoComplete: 'off', maxLength: ACCESS_REASON_MAX }}
              />
            </>
          );
        }}
      </ProFormDependency>
      <ProFormDateTimePicker name="endsAt" label="结束时间（北京时间，不填则直到手动解除）" />
      <FormError message={error} />
    </ModalForm>
  );
}
