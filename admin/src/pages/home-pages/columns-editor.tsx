/**
 * 栏目: the project's columns (what activity and course column modules show). A column is made, renamed, filled
 * with the project's activities and courses in the order the storefront lists them, and deleted once no module
 * shows it; the server refuses the delete otherwise and names the modules.
 */
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Empty, Input, List, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_COLUMN_ITEMS, opsColumnCreateBody, opsColumnItemsBody } from '@contract/ops-columns';
import { messageOf } from '../../api/client';
import {
  columnItemOptions,
  createColumn,
  deleteColumn,
  listColumns,
  readColumn,
  renameColumn,
  setColumnItems,
  type OpsColumn,
  type OpsColumnItem,
} from '../../api/columns';
import { FormError } from '../../forms/form-error';
import { zodMessage } from '../../forms/zod-rule';
import { itemLabel, mergePicks, moveItem } from './column-items';

function RenameModal(props: { column: OpsColumn; onClose(): void; onSaved(): void }) {
  const { message } = App.useApp();
  const [title, setTitle] = useState(props.column.title);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const refusal = zodMessage(opsColumnCreateBody, { projectSn: props.column.projectSn, title });
    if (refusal) return setError(refusal);
    setBusy(true);
    try {
      await renameColumn(props.column.columnSn, title.trim());
      message.success('栏目名称已保存');
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
      title="重命名栏目"
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => void save()}
      onCancel={props.onClose}
    >
      <Input value={title} maxLength={20} onChange={(e) => setTitle(e.target.value)} aria-label="栏目名称" />
      <FormError message={error} />
    </Modal>
  );
}

function ItemsModal(props: { projectSn: string; column: OpsColumn; onClose(): void; onSaved(): void }) {
  const { column } = props;
  const { message } = App.useApp();
  const [options, setOptions] = useState<OpsColumnItem[]>([]);
  const [known, setKnown] = useState<Map<string, OpsColumnItem>>(new Map());
  const [picks, setPicks] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([columnItemOptions(props.projectSn), readColumn(column.columnSn)])
      .then(([opts, detail]) => {
        if (!live) return;
        setOptions(opts);
        // Items already in the column stay nameable even when no longer offered (archived since).
        setKnown(new Map([...detail.items, ...opts].map((i) => [i.actSn, i])));
        setPicks(detail.items.map((i) => i.actSn));
      })
      .catch((e: unknown) => live && setError(messageOf(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [props.projectSn, column.columnSn]);

  const save = async () => {
    const refusal = zodMessage(opsColumnItemsBody, { actSns: picks });
    if (refusal) return setError(refusal);
    setError(null);
    setBusy(true);
    try {
      await setColumnItems(column.columnSn, picks);
      message.success('栏目商品已保存');
      props.onSaved();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const labelOf = (sn: string) => {
    const item = known.get(sn);
    return item ? itemLabel(item) : sn;
  };

  return (
    <Modal
      open
      width={720}
      title={`编辑商品 · ${column.title}`}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ disabled: loading }}
      onOk={() => void save()}
      onCancel={props.onClose}
    >
      <Select
        mode="multiple"
        showSearch
        allowClear
        loading={loading}
        style={{ width: '100%' }}
        placeholder="搜索并选择本项目的活动、课程或商品"
        optionFilterProp="label"
        maxTagCount={0}
        maxTagPlaceholder={(omitted) => `已选 ${omitted.length} 个`}
        value={picks}
        onChange={(selected: string[]) => setPicks((current) => mergePicks(current, selected))}
        options={options.map((o) => ({ value: o.actSn, label: itemLabel(o) }))}
        data-testid="column-item-select"
      />
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0' }}>
        已选 {picks.length} / {MAX_COLUMN_ITEMS} 个，店铺按下面的顺序展示（未上架的不展示）
      </Typography.Paragraph>
      <List
        size="small"
        bordered
        data-testid="column-item-list"
        dataSource={picks}
        locale={{ emptyText: <Empty description="还没有选择商品" /> }}
        style={{ maxHeight: 400, overflowY: 'auto' }}
        renderItem={(sn, i) => (
          <List.Item
            actions={[
              <Button
                key="up"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                aria-label="上移"
                onClick={() => setPicks((p) => moveItem(p, i, -1))}
              />,
              <Button
                key="down"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={i === picks.length - 1}
                aria-label="下移"
                onClick={() => setPicks((p) => moveItem(p, i, 1))}
              />,
              <a key="remove" onClick={() => setPicks((p) => p.filter((s) => s !== sn))}>
                移除
              </a>,
            ]}
          >
            {`${i + 1}. ${labelOf(sn)}`}
          </List.Item>
        )}
      />
      <FormError message={error} />
    </Modal>
  );
}

export function ColumnsEditor({ projectSn, canWrite }: { projectSn: string; canWrite: boolean }) {
  const { message } = App.useApp();
  const [list, setList] = useState<OpsColumn[]>([]);
  const [loading, setLoading] = useState(true);
  const [newTitle, setNewTitle] = useState('');
  // Why the new name was refused, under the field (the name stays as typed).
  const [addError, setAddError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<OpsColumn | null>(null);
  const [filling, setFilling] = useState<OpsColumn | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setList(await listColumns(projectSn));
    } catch (e) {
      message.error(messageOf(e));
    } finally {
      setLoading(false);
    }
  }, [projectSn, message]);
  useEffect(() => void load(), [load]);

  const add = async () => {
    const refusal = zodMessage(opsColumnCreateBody, { projectSn, title: newTitle });
    if (refusal) return setAddError(refusal);
    try {
      const made = await createColumn(projectSn, newTitle.trim());
      setNewTitle('');
      setAddError(null);
      message.success(`栏目「${made.title}」已创建`);
      await load();
      setFilling(made);
    } catch (e) {
      setAddError(messageOf(e));
    }
  };

  const remove = async (column: OpsColumn) => {
    try {
      await deleteColumn(column.columnSn);
      message.success(`栏目「${column.title}」已删除`);
      await load();
    } catch (e) {
      message.error(messageOf(e));
    }
  };

  const done = () => {
    setRenaming(null);
    setFilling(null);
    void load();
  };

  return (
    <>
      {canWrite ? (
        <Space style={{ marginBottom: 16 }} wrap>
          <Input
            style={{ width: 220 }}
            placeholder="新栏目名称"
            value={newTitle}
            maxLength={20}
            status={addError ? 'error' : undefined}
            onChange={(e) => {
              setNewTitle(e.target.value);
              setAddError(null);
            }}
            onPressEnter={() => void add()}
            aria-label="新栏目名称"
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void add()}>
            新建栏目
          </Button>
        </Space>
      ) : null}
      <FormError message={addError} />
      <Table<OpsColumn>
        rowKey="columnSn"
        size="small"
        loading={loading}
        dataSource={list}
        pagination={false}
        data-testid="column-table"
        locale={{ emptyText: <Empty description="还没有栏目" /> }}
        columns={[
          { title: '栏目名称', dataIndex: 'title' },
          {
            title: '栏目编号',
            dataIndex: 'columnSn',
            render: (sn: string) => <Typography.Text copyable>{sn}</Typography.Text>,
          },
          { title: '商品数', dataIndex: 'itemCount', width: 90 },
          ...(canWrite
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 240,
                  render: (_: unknown, column: OpsColumn) => (
                    <Space>
                      <a onClick={() => setRenaming(column)}>重命名</a>
                      <a onClick={() => setFilling(column)}>编辑商品</a>
                      <Popconfirm
                        title={`删除栏目「${column.title}」？`}
                        description="仍有页面模块展示它或跳转指向它时不能删除"
                        okText="删除"
                        cancelText="取消"
                        onConfirm={() => void remove(column)}
                      >
                        <a>删除</a>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {renaming ? <RenameModal column={renaming} onClose={() => setRenaming(null)} onSaved={done} /> : null}
      {filling ? (
        <ItemsModal projectSn={projectSn} column={filling} onClose={() => setFilling(null)} onSaved={done} />
      ) : null}
    </>
  );
}
