/**
 * One agreement the project's storefront shows: its name and plain text (the storefront draws it line by line, so
 * markup is refused with the contract's message as it is typed). A purchase agreement shared with other projects,
 * or the platform's own two, can be changed only by someone who manages every project that shows it.
 */
import { useState } from 'react';
import { App, Button, Card, Form, Input, Tag, Typography } from 'antd';
import { AGREEMENT_KIND_TEXT, agreementBody, MAX_AGREEMENT_CHARS } from '@contract/ops-store-settings';
import { messageOf } from '../../api/client';
import { saveAgreement, type AgreementBody, type StoreAgreement } from '../../api/store-settings';
import { FormError } from '../../forms/form-error';
import { zodRule } from '../../forms/zod-rule';

export function AgreementCard({
  projectSn,
  agreement,
  canWrite,
}: {
  projectSn: string;
  agreement: StoreAgreement;
  canWrite: boolean;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AgreementBody>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const shared = agreement.kind === 'PURCHASE' && agreement.projectSns.length > 1;

  const onFinish = async (values: AgreementBody) => {
    setError(null);
    setSaving(true);
    try {
      await saveAgreement(projectSn, agreement.agreementSn, values);
      message.success(`「${values.agreementName}」已保存，店铺即时生效`);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      className="sf-admin-agreement"
      data-agreement={agreement.agreementSn}
      title={
        <>
          <Tag color={agreement.kind === 'PURCHASE' ? 'blue' : 'default'}>{AGREEMENT_KIND_TEXT[agreement.kind]}</Tag>
          {agreement.agreementName}
        </>
      }
    >
      <Typography.Paragraph type="secondary">
        {agreement.kind === 'PURCHASE'
          ? `下单页《购买协议》与签署协议时显示${shared ? `；同时用于项目 ${agreement.projectSns.join('、')}` : ''}。`
          : '所有项目的登录提示与「我的 → 用户协议」显示，修改对全部项目生效。'}
        {!canWrite && agreement.editable === false ? ' 您的账号不能修改它。' : ''}
      </Typography.Paragraph>
      <Form<AgreementBody>
        form={form}
        name={`agreement-${agreement.agreementSn}`}
        layout="vertical"
        disabled={!canWrite}
        initialValues={{ agreementName: agreement.agreementName, agreementContent: agreement.agreementContent }}
        onFinish={(v) => void onFinish(v)}
      >
        <FormError message={error} />
        <Form.Item name="agreementName" label="协议名称" required rules={[zodRule(agreementBody.shape.agreementName)]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="agreementContent"
          label="协议正文"
          required
          rules={[zodRule(agreementBody.shape.agreementContent)]}
          extra="纯文本，按行显示；换行请直接回车。"
        >
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} maxLength={MAX_AGREEMENT_CHARS} showCount />
        </Form.Item>
        {canWrite ? (
          <Button type="primary" htmlType="submit" loading={saving}>
            保存协议
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
