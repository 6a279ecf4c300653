/**
 * 项目设置: the chosen project's theme, customer service line and the agreement texts its storefront shows. The
 * owner changes them (the server audits each change and the storefront reads them afresh); operators and finance
 * read. Fields are checked with the contract's schemas as typed; a refusal shows above the form, which keeps what
 * was typed.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Alert, Button, Card, Empty, Form, Input, Select, Skeleton, Space, Typography } from 'antd';
import { storeSettingsBody, THEME_CHOICES } from '@contract/ops-store-settings';
import { mayAccess } from '@contract/rules/operator-roles';
import { messageOf } from '../../api/client';
import {
  getStoreSettings,
  saveStoreSettings,
  type StoreSettings,
  type StoreSettingsBody,
} from '../../api/store-settings';
import { FormError } from '../../forms/form-error';
import { zodRule } from '../../forms/zod-rule';
import { useProjects } from '../../projects/project-context';
import { useOperator } from '../../session/session-context';
import { AgreementCard } from './agreement-card';

const rules = storeSettingsBody.shape;

function ServiceForm({
  settings,
  canWrite,
  onSaved,
}: {
  settings: StoreSettings;
  canWrite: boolean;
  onSaved: (next: StoreSettings) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<StoreSettingsBody>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: StoreSettingsBody) => {
    setError(null);
    setSaving(true);
    try {
      const next = await saveStoreSettings(settings.projectSn, values);
      onSaved(next);
      form.setFieldsValue({ servicePhone: next.servicePhone });
      message.success('项目设置已保存，店铺即时生效');
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<StoreSettingsBody>
      form={form}
      name="store-settings"
      layout="vertical"
      style={{ maxWidth: 560 }}
      disabled={!canWrite}
      initialValues={{
        projectEnum: settings.projectEnum,
        servicePhone: settings.servicePhone,
        serviceHours: settings.serviceHours,
      }}
      onFinish={(v) => void onFinish(v)}
    >
      <FormError message={error} />
      <Form.Item
        name="projectEnum"
        label="主题"
        required
        rules={[zodRule(rules.projectEnum)]}
        extra="主题随项目类型而定，项目类型也决定店铺的功能（如积分商城），修改前请确认。"
      >
        <Select
          options={THEME_CHOICES.map((t) => ({
            value: t.projectEnum,
            label: (
              <Space>
                <span
                  aria-hidden
                  style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 2, background: t.colour }}
                />
                {t.label}
              </Space>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="servicePhone"
        label="客服电话"
        required
        rules={[zodRule(rules.servicePhone)]}
        extra={`店铺「联系客服」显示为：${settings.servicePhoneText}`}
      >
        <Input placeholder="手机号、400/800 号码或带区号的座机" maxLength={20} />
      </Form.Item>
      <Form.Item name="serviceHours" label="服务时间" required rules={[zodRule(rules.serviceHours)]}>
        <Input placeholder="如：周一至周日 9:00-21:00" maxLength={40} />
      </Form.Item>
      {canWrite ? (
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
      ) : null}
    </Form>
  );
}

export default function StoreSettingsPage() {
  const { current } = useProjects();
  const operator = useOperator();
  const canWrite = mayAccess(operator.role, 'settings', 'write');
  const [settings, setSettings] = useState<StoreSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async (projectSn: string) => {
    setSettings(null);
    setLoadError(null);
    try {
      setSettings(await getStoreSettings(projectSn));
    } catch (e) {
      setLoadError(messageOf(e));
    }
  }, []);

  useEffect(() => {
    if (current) void load(current.projectSn);
  }, [current, load]);

  if (!current) return <Empty description="没有可管理的项目" />;
  return (
    <div className="sf-admin-store-settings">
      <Typography.Title level={4}>项目设置 · {current.name}</Typography.Title>
      {canWrite ? null : (
        <Alert type="info" showIcon message="项目设置仅店主可修改，您可以查看。" style={{ marginBottom: 16 }} />
      )}
      {loadError ? (
        <Alert
          type="error"
          showIcon
          message={`加载失败：${loadError}`}
          action={<Button onClick={() => void load(current.projectSn)}>重新加载</Button>}
        />
      ) : !settings ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card title="主题与客服">
            <ServiceForm key={settings.projectSn} settings={settings} canWrite={canWrite} onSaved={setSettings} />
          </Card>
          {settings.agreements.map((a) => (
            <AgreementCard
              key={`${settings.projectSn}:${a.agreementSn}`}
              projectSn={settings.projectSn}
              agreement={a}
              canWrite={canWrite && a.editable}
            />
          ))}
        </Space>
      )}
    </div>
  );
}
