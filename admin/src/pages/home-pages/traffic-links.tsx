/**
 * 流量链接: short links (/front/traffic/link/{id}) that enter the storefront and lead to a jump; each with its visit
 * count, created or pointed elsewhere with the same jump picker as the modules.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Form, Input, Modal, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { opsTrafficLinkBody } from '@contract/ops-pages';
import { jumpEnumInfo } from '@contract/rules/jump-target';
import { formatChinaTime } from '@contract/rules/china-time';
import { messageOf } from '../../api/client';
import {
  createTrafficLink,
  jumpOptions,
  listTrafficLinks,
  updateTrafficLink,
  type OpsJumpOptions,
  type OpsTrafficLink,
} from '../../api/home-pages';
import { FormError } from '../../forms/form-error';
import { zodMessage, zodRule } from '../../forms/zod-rule';
import { JumpFields } from './jump-fields';

/** Where a visitor opens the link: the storefront's entrance with the link's id. */
export const trafficLinkUrl = (linkId: string) =>
  `${window.location.origin}/#/pages/entrance/entrance?trafficId=${encodeURIComponent(linkId)}`;

function LinkForm(props: {
  projectSn: string;
  link: OpsTrafficLink | null;
  options: OpsJumpOptions | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { projectSn, link, options } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setError(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = { projectSn, ...values };
    const refusal = zodMessage(opsTrafficLinkBody, body);
    if (refusal) return setError(refusal);
    setBusy(true);
    try {
      const parsed = opsTrafficLinkBody.parse(body);
      if (link) await updateTrafficLink(link.linkId, parsed.jumpContent);
      else await createTrafficLink(parsed);
      message.success('流量链接已保存');
      props.onSaved();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={link ? `编辑流量链接 ${link.linkId}` : '新建流量链接'}
      okText="保存"
      cancelText="取消"
      maskClosable={false}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={props.onClose}
    >
      <Form
        form={form}
        layout="vertical"
        name="traffic-link"
        initialValues={link ? { jumpContent: { ...link.jumpContent } } : { jumpContent: { firstEnum: 'PAGE_INDEX' } }}
      >
        {link ? null : (
          <Form.Item name="linkId" label="链接编号" rules={[zodRule(opsTrafficLinkBody.shape.linkId)]}>
            <Input placeholder="选填：字母、数字、-和_，不填自动生成" maxLength={64} />
          </Form.Item>
        )}
        <JumpFields name="jumpContent" options={options} />
        <FormError message={error} />
      </Form>
    </Modal>
  );
}

export function TrafficLinks({ projectSn, canWrite }: { projectSn: string; canWrite: boolean }) {
  const { message } = App.useApp();
  const [links, setLinks] = useState<OpsTrafficLink[]>([]);
  const [options, setOptions] = useState<OpsJumpOptions | null>(null);
  const [editing, setEditing] = useState<OpsTrafficLink | 'new' | null>(null);

  const load = useCallback(async () => {
    try {
      setLinks(await listTrafficLinks(projectSn));
    } catch (e) {
      message.error(messageOf(e));
    }
  }, [projectSn, message]);
  useEffect(() => {
    void load();
    jumpOptions(projectSn)
      .then(setOptions)
      .catch((e: unknown) => message.error(messageOf(e)));
  }, [load, projectSn, message]);

  return (
    <>
      {canWrite ? (
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} onClick={() => setEditing('new')}>
          新建流量链接
        </Button>
      ) : null}
      <Table<OpsTrafficLink>
        rowKey="linkId"
        dataSource={links}
        pagination={false}
        columns={[
          { title: '链接编号', dataIndex: 'linkId' },
          {
            title: '跳转',
            render: (_, l) =>
              `${jumpEnumInfo(l.jumpContent.firstEnum)?.label ?? l.jumpContent.firstEnum}` +
              `${l.jumpContent.targetSn ? ` · ${l.jumpContent.targetSn}` : ''}${l.jumpContent.url ? ` · ${l.jumpContent.url}` : ''}`,
          },
          {
            title: '访问链接',
            render: (_, l) => <Typography.Text copyable>{trafficLinkUrl(l.linkId)}</Typography.Text>,
          },
          { title: '访问次数', dataIndex: 'hits', width: 100 },
          { title: '创建时间', render: (_, l) => formatChinaTime(l.createdAt), width: 180 },
          {
            title: '操作',
            width: 80,
            render: (_, l) => (canWrite ? <a onClick={() => setEditing(l)}>编辑</a> : null),
          },
        ]}
      />
      {editing ? (
        <LinkForm
          projectSn={projectSn}
          link={editing === 'new' ? null : editing}
          options={options}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      ) : null}
    </>
  );
}
