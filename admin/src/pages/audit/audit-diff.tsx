/** 变更内容 of one audit entry: the changed fields side by side, or the JSON when it is not a record. */
import { Table, Tag, Typography } from 'antd';
import type { AuditEntry } from '@contract/operators';
import { diffRows, isFieldRecord, type DiffKind, type DiffRow } from './diff-rows';

const KIND: Record<DiffKind, { text: string; color: string }> = {
  added: { text: '新增', color: 'green' },
  removed: { text: '删除', color: 'red' },
  changed: { text: '修改', color: 'blue' },
  same: { text: '未变', color: 'default' },
};

const json = (value: unknown) => JSON.stringify(value ?? null, null, 2);

export function AuditDiff({ entry }: { entry: AuditEntry }) {
  if (!isFieldRecord(entry.before, entry.after)) {
    return (
      <div className="sf-admin-audit-json" style={{ display: 'flex', gap: 16 }}>
        <pre style={{ flex: 1, margin: 0 }}>修改前：{json(entry.before)}</pre>
        <pre style={{ flex: 1, margin: 0 }}>修改后：{json(entry.after)}</pre>
      </div>
    );
  }
  return (
    <Table<DiffRow>
      className="sf-admin-audit-diff"
      size="small"
      rowKey="path"
      pagination={false}
      dataSource={diffRows(entry.before, entry.after)}
      columns={[
        {
          title: '字段',
          dataIndex: 'path',
          width: 200,
          render: (path: string) => <Typography.Text code>{path}</Typography.Text>,
        },
        {
          title: '变化',
          dataIndex: 'kind',
          width: 80,
          render: (kind: DiffKind) => <Tag color={KIND[kind].color}>{KIND[kind].text}</Tag>,
        },
        { title: '修改前', dataIndex: 'before', render: (v?: string) => (v === undefined ? '—' : v) },
        { title: '修改后', dataIndex: 'after', render: (v?: string) => (v === undefined ? '—' : v) },
      ]}
    />
  );
}
