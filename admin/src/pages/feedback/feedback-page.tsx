/**
 * 意见反馈: the chosen project's feedback, waiting ones first by default; 标记已处理 with an optional note, and
 * 导出 CSV of what the filter shows. Support, 运营 and the owner mark; finance reads.
 */
import { useCallback, useState } from 'react';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { App, Button, Card, Empty, Image, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { FEEDBACK_STATUS_TEXT, FEEDBACK_STATUSES } from '@contract/feedback';
import { formatChinaTime } from '@contract/rules/china-time';
import { mayAccess } from '@contract/rules/operator-roles';
import { messageOf } from '../../api/client';
import { downloadFeedback, listFeedback, type FeedbackStatus, type OpsFeedback } from '../../api/feedback';
import { useProjectList } from '../../projects/use-project-list';
import { useOperator, useSession } from '../../session/session-context';
import { HandleForm } from './handle-form';

export default function FeedbackPage() {
  const { message } = App.useApp();
  const me = useOperator();
  const { session } = useSession();
  const mayMark = mayAccess(me.role, 'feedback', 'write');
  const [status, setStatus] = useState<FeedbackStatus | undefined>('PENDING');
  const load = useCallback((projectSn: string) => listFeedback(projectSn, status), [status]);
  const { current, projectSn, rows, loading, reload, noProject } = useProjectList(load);
  const [handling, setHandling] = useState<OpsFeedback | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    if (!session || !projectSn) return;
    setExporting(true);
    try {
      await downloadFeedback(session.token, projectSn, status);
    } catch (e) {
      message.error(messageOf(e));
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<OpsFeedback> = [
    { title: '提交时间', dataIndex: 'createdAt', width: 170, render: (at: string) => formatChinaTime(at) },
    { title: '类型', dataIndex: 'feedbackType', width: 100 },
    { title: '内容', dataIndex: 'content', ellipsis: true },
    {
      title: '图片',
      dataIndex: 'images',
      width: 150,
      render: (images: string[]) =>
        images.length ? (
          <Image.PreviewGroup>
            {images.map((url) => (
              <Image key={url} src={url} width={32} height={32} style={{ objectFit: 'cover' }} alt="反馈图片" />
            ))}
          </Image.PreviewGroup>
        ) : (
          '—'
        ),
    },
    { title: '用户手机号', dataIndex: 'phone', width: 130, render: (p: string | null) => p ?? '—' },
    { title: '联系方式', dataIndex: 'contact', width: 130, render: (c: string | null) => c || '—' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 200,
      render: (_: unknown, f: OpsFeedback) =>
        f.status === 'HANDLED' ? (
          <span title={f.handleNote ?? undefined}>
            <Tag color="green" data-status={f.status}>
              {FEEDBACK_STATUS_TEXT.HANDLED}
            </Tag>
            {f.handledBy} {formatChinaTime(f.handledAt, 'MM-DD HH:mm')}
            {f.handleNote ? <div className="sf-admin-feedback-note">{f.handleNote}</div> : null}
          </span>
        ) : (
          <Tag color="orange" data-status={f.status}>
            {FEEDBACK_STATUS_TEXT.PENDING}
          </Tag>
        ),
    },
    ...(mayMark
      ? [
          {
            title: '操作',
            key: 'handle',
            width: 110,
            render: (_: unknown, f: OpsFeedback) =>
              f.status === 'PENDING' ? (
                <a className="sf-admin-handle" onClick={() => setHandling(f)}>
                  标记已处理
                </a>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <PageContainer title="意见反馈" subTitle={current ? `${current.name}（${current.projectSn}）` : undefined}>
      <Card
        title="反馈列表"
        extra={
          <Space>
            <Select<FeedbackStatus | ''>
              className="sf-admin-feedback-filter"
              style={{ width: 120 }}
              value={status ?? ''}
              onChange={(v) => setStatus(v || undefined)}
              options={[
                { value: '', label: '全部' },
                ...FEEDBACK_STATUSES.map((s) => ({ value: s, label: FEEDBACK_STATUS_TEXT[s] })),
              ]}
            />
            <Button icon={<ReloadOutlined />} onClick={() => void reload()}>
              刷新
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              disabled={!projectSn}
              onClick={() => void exportCsv()}
              className="sf-admin-export"
            >
              导出 CSV
            </Button>
          </Space>
        }
      >
        {noProject ? (
          <Empty description="没有可管理的项目，请联系店主开通" />
        ) : (
          <Table<OpsFeedback>
            className="sf-admin-feedback"
            rowKey="feedbackSn"
            columns={columns}
            dataSource={rows}
            loading={loading}
            pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
            locale={{ emptyText: '暂无反馈' }}
          />
        )}
      </Card>
      {handling ? (
        <HandleForm
          feedback={handling}
          onClose={() => setHandling(null)}
          onDone={() => {
            setHandling(null);
            void reload();
          }}
        />
      ) : null}
    </PageContainer>
  );
}
