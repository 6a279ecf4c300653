/**
 * 表单: the chosen project's collect forms with their submission counts; a form opens to its submissions, one
 * column per field, newest first, and 导出 CSV saves them (one column per field label, China time).
 */
import { useCallback, useEffect, useState } from 'react';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { App, Button, Card, Empty, Space, Table, Tag, type TableColumnsType } from 'antd';
import { formatChinaTime } from '@contract/rules/china-time';
import { messageOf } from '../../api/client';
import { downloadSubmissions, listForms, listSubmissions, type OpsForm, type OpsSubmission } from '../../api/forms';
import { useProjectList } from '../../projects/use-project-list';
import { useSession } from '../../session/session-context';

function Submissions({ form, onBack }: { form: OpsForm; onBack(): void }) {
  const { message } = App.useApp();
  const { session } = useSession();
  const [rows, setRows] = useState<OpsSubmission[]>([]);
  const [loading, setLoading] = useState(true);
  const [exporting, setExporting] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await listSubmissions(form.formSn));
    } catch (e) {
      message.error(messageOf(e));
    } finally {
      setLoading(false);
    }
  }, [form.formSn, message]);
  useEffect(() => void load(), [load]);

  const exportCsv = async () => {
    if (!session) return;
    setExporting(true);
    try {
      await downloadSubmissions(session.token, form.formSn);
    } catch (e) {
      message.error(messageOf(e));
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<OpsSubmission> = [
    {
      title: '提交时间',
      dataIndex: 'createdAt',
      width: 170,
      fixed: 'left',
      render: (at: string) => formatChinaTime(at),
    },
    { title: '用户手机号', dataIndex: 'phone', width: 130, render: (p: string | null) => p ?? '—' },
    ...form.fields.map((f) => ({
      title: f.label,
      key: f.nKey,
      ellipsis: true,
      render: (_: unknown, s: OpsSubmission) => s.values[f.nKey] ?? '',
    })),
    {
      title: '来源',
      key: 'source',
      width: 160,
      render: (_: unknown, s: OpsSubmission) => s.targetSn ?? s.sourceType ?? '—',
    },
  ];

  return (
    <Card
      title={`「${form.title}」的提交`}
      className="sf-admin-submissions"
      extra={
        <Space>
          <Button onClick={onBack}>返回表单列表</Button>
          <Button icon={<ReloadOutlined />} onClick={() => void load()}>
            刷新
          </Button>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={!rows.length}
            onClick={() => void exportCsv()}
            className="sf-admin-export"
          >
            导出 CSV
          </Button>
        </Space>
      }
    >
      <Table<OpsSubmission>
        rowKey="submissionSn"
        columns={columns}
        dataSource={rows}
        loading={loading}
        scroll={{ x: 'max-content' }}
        pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: '暂无提交' }}
      />
    </Card>
  );
}

export default function FormsPage() {
  const { current, rows, loading, reload, noProject } = useProjectList(listForms);
  const [openSn, setOpenSn] = useState<string | null>(null);
  const open = rows.find((f) => f.formSn === openSn) ?? null;

  const columns: TableColumnsType<OpsForm> = [
    {
      title: '表单',
      dataIndex: 'title',
      render: (t: string, f: OpsForm) => <a onClick={() => setOpenSn(f.formSn)}>{t}</a>,
    },
    { title: '编号', dataIndex: 'formSn', width: 220 },
    { title: '字段', key: 'fields', width: 80, render: (_: unknown, f: OpsForm) => f.fields.length },
    {
      title: '规则',
      key: 'rules',
      width: 200,
      render: (_: unknown, f: OpsForm) => (
        <>
          {f.phoneCheck ? <Tag>手机验证</Tag> : null}
          {f.oncePerCustomer ? <Tag>每人一次</Tag> : null}
        </>
      ),
    },
    { title: '提交数', dataIndex: 'submissions', width: 90 },
    { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (at: string) => formatChinaTime(at) },
    {
      title: '操作',
      key: 'open',
      width: 100,
      render: (_: unknown, f: OpsForm) => <a onClick={() => setOpenSn(f.formSn)}>查看提交</a>,
    },
  ];

  return (
    <PageContainer title="表单" subTitle={current ? `${current.name}（${current.projectSn}）` : undefined}>
      {noProject ? (
        <Empty description="没有可管理的项目，请联系店主开通" />
      ) : open ? (
        <Submissions form={open} onBack={() => setOpenSn(null)} />
      ) : (
        <Card
          title="表单列表"
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void reload()}>
              刷新
            </Button>
          }
        >
          <Table<OpsForm>
            className="sf-admin-forms"
            rowKey="formSn"
            columns={columns}
            dataSource={rows}
            loading={loading}
            pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
            locale={{ emptyText: '暂无表单' }}
          />
        </Card>
      )}
    </PageContainer>
  );
}
