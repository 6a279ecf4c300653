/**
 * 积分商品: the project's points items (an activity or course sold for carrier points, §3 Integral package): list,
 * make an item a points item, edit its carrier, points and cash part (typed in yuan, stored as fen), the carrier it
 * is narrowed to and its preview link (points-package-fields.tsx), end it.
 * A refused save keeps the form open with everything typed.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { PageContainer } from '@ant-design/pro-components';
import { Alert, App, Button, Popconfirm, type TableColumnsType } from 'antd';
import { CATALOGUE_STATE_TEXT } from '@contract/ops-catalogue';
import { POINTS_CARRIER_TEXT } from '@contract/ops-integral';
import { formatMoney } from '@contract/rules/money';
import { mayAccess } from '@contract/rules/operator-roles';
import { messageOf } from '../../api/client';
import { createPointsItem, endPointsItem, listPointsItems, savePointsItem, type PointsItem } from '../../api/integral';
import { ListTable, type ListAction } from '../../components/list-table';
import { useProjects } from '../../projects/project-context';
import { useOperator } from '../../session/session-context';
import { fieldsOf, type PointsItemValues } from './points-item-values';

// The form's own chunk: pro-form's fields bring every field type, which the list need not wait for.
const PointsItemForm = lazy(() => import('./points-item-form'));

const carrierText = (t: string) => POINTS_CARRIER_TEXT[t as keyof typeof POINTS_CARRIER_TEXT] ?? t;
const stateText = (s: string) => CATALOGUE_STATE_TEXT[s as keyof typeof CATALOGUE_STATE_TEXT] ?? s;

export default function PointsItemsPage() {
  const { message, modal } = App.useApp();
  const { current } = useProjects();
  const operator = useOperator();
  const mayWrite = mayAccess(operator.role, 'catalogue', 'write');
  const actionRef = useRef<ListAction>(undefined);
  const [editing, setEditing] = useState<PointsItem | 'new' | null>(null);
  // Once opened the form stays mounted, so it closes with antd's animation as before.
  const [formAsked, setFormAsked] = useState(false);
  const edit = (what: PointsItem | 'new') => {
    setFormAsked(true);
    setEditing(what);
  };
  const reload = () => void actionRef.current?.reload();

  const save = async (v: PointsItemValues) => {
    if (!current) return false;
    try {
      const fields = fieldsOf(v);
      if (editing === 'new') await createPointsItem(current.projectSn, v.actSn ?? '', fields);
      else if (editing) await savePointsItem(editing.actSn, fields);
      message.success('已保存');
      setEditing(null);
      reload();
      return true;
    } catch (e) {
      // The modal stays open with what was typed.
      message.error(messageOf(e));
      return false;
    }
  };

  const end = async (item: PointsItem) => {
    try {
      const { outcome } = await endPointsItem(item.actSn);
      message.success(outcome === 'ENDED' ? '已结束并下架，保留记录' : '已结束，恢复为普通商品');
      reload();
    } catch (e) {
      modal.error({ title: '操作未完成', content: messageOf(e) });
    }
  };

  const columns: TableColumnsType<PointsItem> = [
    { title: '商品', dataIndex: 'actName' },
    { title: '积分类型', dataIndex: 'integralType', width: 110, render: (_, r) => carrierText(r.integralType) },
    { title: '积分', dataIndex: 'points', width: 100 },
    { title: '现金部分', dataIndex: 'cashAmount', width: 110, render: (_, r) => formatMoney(r.cashAmount) },
    { title: '状态', dataIndex: 'state', width: 90, render: (_, r) => stateText(r.state) },
    { title: '订单数', dataIndex: 'orderCount', width: 80 },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, r) =>
        mayWrite && r.state !== 'ARCHIVED' ? (
          <>
            <Button type="link" onClick={() => edit(r)}>
              编辑
            </Button>
            <Popconfirm
              title={
                r.endReverts
                  ? '结束后恢复为普通商品，确定结束？'
                  : r.orderCount > 0
                    ? '已有订单，结束后下架并保留记录，确定结束？'
                    : '该商品创建时即为积分商品，结束后下架并保留，确定结束？'
              }
              onConfirm={() => end(r)}
            >
              <Button type="link" danger>
                结束
              </Button>
            </Popconfirm>
          </>
        ) : null,
    },
  ];

  if (!current) return <Alert type="info" message="请先选择项目" />;
  return (
    <PageContainer title="积分商品">
      <ListTable<PointsItem>
        className="sf-admin-points-items"
        rowKey="actSn"
        actionRef={actionRef}
        columns={columns}
        params={[current.projectSn]}
        request={async () => {
          const list = await listPointsItems(current.projectSn);
          return { data: list, success: true };
        }}
        toolbar={
          mayWrite
            ? [
                <Button key="new" type="primary" onClick={() => edit('new')}>
                  新建积分商品
                </Button>,
              ]
            : []
        }
        pagination={{ pageSize: 20 }}
      />
      {formAsked ? (
        <Suspense fallback={null}>
          <PointsItemForm
            projectSn={current.projectSn}
            editing={editing}
            onCancel={() => setEditing(null)}
            onFinish={save}
          />
        </Suspense>
      ) : null}
    </PageContainer>
  );
}
