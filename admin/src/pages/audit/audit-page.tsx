/**
 * 操作日志: every change made through /ops, newest first, filtered by operator, project and action; a row
 * opens to show what changed. Times are China time.
 */
import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components';
import { App } from 'antd';
import type { AuditEntry } from '@contract/operators';
import { formatChinaTime } from '@contract/rules/china-time';
import { mayAccess } from '@contract/rules/operator-roles';
import { messageOf } from '../../api/client';
import { listAudit, listOperators } from '../../api/operators';
import { useProjects } from '../../projects/project-context';
import { useOperator } from '../../session/session-context';
import { AuditDiff } from './audit-diff';

interface Filter {
  current?: number;
  pageSize?: number;
  operatorId?: number | string;
  projectSn?: string;
  action?: string;
}

export default function AuditPage() {
  const { message } = App.useApp();
  const me = useOperator();
  const { projects, nameOf } = useProjects();
  // Only an owner may list accounts; other roles filter by action and project.
  const canListOperators = mayAccess(me.role, 'operators', 'read');

  const columns: ProColumns<AuditEntry>[] = [
    { title: '时间', dataIndex: 'at', width: 170, search: false, render: (_, e) => formatChinaTime(e.at) },
    {
      title: '操作人',
      dataIndex: 'operatorId',
      hideInSearch: !canListOperators,
      valueType: 'select',
      fieldProps: { showSearch: true, optionFilterProp: 'label' },
      request: async () =>
        canListOperators
          ? (await listOperators()).map((o) => ({ value: o.id, label: `${o.displayName}（${o.username}）` }))
          : [],
      render: (_, e) => e.actor,
    },
    { title: '动作', dataIndex: 'action', fieldProps: { placeholder: '如 operator.create' } },
    {
      title: '项目',
      dataIndex: 'projectSn',
      valueType: 'select',
      fieldProps: {
        options: projects.map((p) => ({ value: p.projectSn, label: `${p.name}（${p.projectSn}）` })),
      },
      render: (_, e) => nameOf(e.projectSn) || '—',
    },
    { title: '对象', dataIndex: 'target', search: false, copyable: true },
  ];

  return (
    <PageContainer title="操作日志">
      <ProTable<AuditEntry, Filter>
        rowKey="id"
        columns={columns}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100] }}
        expandable={{ expandedRowRender: (entry) => <AuditDiff entry={entry} />, rowExpandable: () => true }}
        request={async (params) => {
          try {
            const { list, total } = await listAudit({
              page: params.current ?? 1,
              size: params.pageSize ?? 20,
              operatorId: params.operatorId ? Number(params.operatorId) : undefined,
              projectSn: params.projectSn || undefined,
              action: params.action?.trim() || undefined,
            });
            return { data: list, total, success: true };
          } catch (e) {
            message.error(messageOf(e));
            return { data: [], total: 0, success: false };
          }
        }}
      />
    </PageContainer>
  );
}
