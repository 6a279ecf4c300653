/**
 * 操作日志: every change made through /ops, newest first, filtered by operator, project and action; a row
 * opens to show what changed. Times are China time.
 */
import { useEffect, useState } from 'react';
import { PageContainer } from '@ant-design/pro-components';
import { App, Form, Input, Select, Typography, type TableColumnsType } from 'antd';
import type { AuditEntry } from '@contract/operators';
import { formatChinaTime } from '@contract/rules/china-time';
import { mayAccess } from '@contract/rules/operator-roles';
import { messageOf } from '../../api/client';
import { listAudit, listOperators } from '../../api/operators';
import { ListTable } from '../../components/list-table';
import { useProjects } from '../../projects/project-context';
import { useOperator } from '../../session/session-context';
import { AuditDiff } from './audit-diff';

interface Filter {
  operatorId?: number;
  projectSn?: string;
  action?: string;
}

export default function AuditPage() {
  const { message } = App.useApp();
  const me = useOperator();
  const { projects, nameOf } = useProjects();
  // Only an owner may list accounts; other roles filter by action and project.
  const canListOperators = mayAccess(me.role, 'operators', 'read');
  const [operators, setOperators] = useState<{ value: number; label: string }[]>([]);

  useEffect(() => {
    if (!canListOperators) return;
    listOperators()
      .then((list) => setOperators(list.map((o) => ({ value: o.id, label: `${o.displayName}（${o.username}）` }))))
      .catch((e: unknown) => message.error(messageOf(e)));
  }, [canListOperators, message]);

  const columns: TableColumnsType<AuditEntry> = [
    { title: '时间', dataIndex: 'at', width: 170, render: (_, e) => formatChinaTime(e.at) },
    { title: '操作人', dataIndex: 'operatorId', render: (_, e) => e.actor },
    { title: '动作', dataIndex: 'action' },
    { title: '项目', dataIndex: 'projectSn', render: (_, e) => nameOf(e.projectSn) || '—' },
    {
      title: '对象',
      dataIndex: 'target',
      render: (_, e) => (e.target ? <Typography.Text copyable>{e.target}</Typography.Text> : '-'),
    },
  ];

  return (
    <PageContainer title="操作日志">
      <ListTable<AuditEntry, Filter>
        rowKey="id"
        columns={columns}
        filters={
          <>
            {canListOperators ? (
              <Form.Item name="operatorId" label="操作人">
                <Select
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  options={operators}
                  placeholder="请选择"
                  style={{ width: 220 }}
                />
              </Form.Item>
            ) : null}
            <Form.Item name="action" label="动作">
              <Input allowClear placeholder="如 operator.create" />
            </Form.Item>
            <Form.Item name="projectSn" label="项目">
              <Select
                allowClear
                placeholder="请选择"
                style={{ width: 220 }}
                options={projects.map((p) => ({ value: p.projectSn, label: `${p.name}（${p.projectSn}）` }))}
              />
            </Form.Item>
          </>
        }
        filterValues={(v) => ({
          operatorId: v.operatorId ? Number(v.operatorId) : undefined,
          projectSn: (v.projectSn as string | undefined) || undefined,
          action: (v.action as string | undefined)?.trim() || undefined,
        })}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100] }}
        expandable={{ expandedRowRender: (entry) => <AuditDiff entry={entry} />, rowExpandable: () => true }}
        request={async (query) => {
          try {
            const { list, total } = await listAudit({
              page: query.current,
              size: query.pageSize,
              operatorId: query.operatorId,
              projectSn: query.projectSn,
              action: query.action,
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
