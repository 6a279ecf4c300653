/**
 * 积分商品: the project's points items (an activity or course sold for carrier points, §3 Integral package): list,
 * make an item a points item, edit its carrier, points and cash part (typed in yuan, stored as fen), the carrier it
 * is narrowed to and its preview link (points-package-fields.tsx), end it.
 * A refused save keeps the form open with everything typed.
 */
import { useRef, useState } from 'react';
import {
  ModalForm,
  PageContainer,
  ProFormDigit,
  ProFormSelect,
  ProTable,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { Alert, App, Button, Popconfirm } from 'antd';
import { CATALOGUE_STATE_TEXT } from '@contract/ops-catalogue';
import { POINTS_CARRIER_TEXT, POINTS_ITEM_MESSAGES, pointsItemFields } from '@contract/ops-integral';
import { formatMoney } from '@contract/rules/money';
import { mayAccess } from '@contract/rules/operator-roles';
import { messageOf } from '../../api/client';
import { listItems } from '../../api/catalogue';
import { createPointsItem, endPointsItem, listPointsItems, savePointsItem, type PointsItem } from '../../api/integral';
import { zodMessage, zodRule } from '../../forms/zod-rule';
import { useProjects } from '../../projects/project-context';
import { useOperator } from '../../session/session-context';
import { fenOfYuan, fieldsOf, valuesOf, type PointsItemValues } from './points-item-values';
import PointsPackageFields from './points-package-fields';

const CARRIERS = Object.entries(POINTS_CARRIER_TEXT).map(([value, label]) => ({ value, label }));
const carrierText = (t: string) => POINTS_CARRIER_TEXT[t as keyof typeof POINTS_CARRIER_TEXT] ?? t;
const stateText = (s: string) => CATALOGUE_STATE_TEXT[s as keyof typeof CATALOGUE_STATE_TEXT] ?? s;

export default function PointsItemsPage() {
  const { message, modal } = App.useApp();
  const { current } = useProjects();
  const operator = useOperator();
  const mayWrite = mayAccess(operator.role, 'catalogue', 'write');
  const actionRef = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<PointsItem | 'new' | null>(null);
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
      message.success(outcome === 'ENDED' ? '已结束并下架（已有订单，保留记录）' : '已结束，恢复为普通商品');
      reload();
    } catch (e) {
      modal.error({ title: '操作未完成', content: messageOf(e) });
    }
  };

  const columns: ProColumns<PointsItem>[] = [
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
            <Button type="link" onClick={() => setEditing(r)}>
              编辑
            </Button>
            <Popconfirm
              title={
                r.orderCount > 0 ? '已有订单，结束后下架并保留记录，确定结束？' : '结束后恢复为普通商品，确定结束？'
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
  const shape = pointsItemFields.shape;
  return (
    <PageContainer title="积分商品">
      <ProTable<PointsItem>
        rowKey="actSn"
        actionRef={actionRef}
        columns={columns}
        search={false}
        params={{ projectSn: current.projectSn }}
        request={async () => {
          const list = await listPointsItems(current.projectSn);
          return { data: list, success: true, total: list.length };
        }}
        toolBarRender={() =>
          mayWrite
            ? [
                <Button key="new" type="primary" onClick={() => setEditing('new')}>
                  新建积分商品
                </Button>,
              ]
            : []
        }
        pagination={{ pageSize: 20 }}
      />
      <ModalForm<PointsItemValues>
        key={editing === 'new' ? 'new' : (editing?.actSn ?? 'none')}
        title={editing === 'new' ? '新建积分商品' : '编辑积分商品'}
        open={editing !== null}
        modalProps={{ destroyOnHidden: true, onCancel: () => setEditing(null) }}
        initialValues={
          editing && editing !== 'new'
            ? valuesOf(editing)
            : { integralType: 'MOBILE_INTEGRAL', cashYuan: 0, minIntegralType: '' }
        }
        onFinish={save}
      >
        {editing === 'new' && (
          <ProFormSelect
            name="actSn"
            label="商品"
            showSearch
            rules={[{ required: true, message: POINTS_ITEM_MESSAGES.actSn }]}
            request={async () =>
              (await listItems({ projectSn: current.projectSn }))
                .filter((r) => r.actType !== 'INTEGRAL' && r.state !== 'ARCHIVED')
                .map((r) => ({ value: r.actSn, label: r.actName }))
            }
          />
        )}
        <ProFormSelect
          name="integralType"
          label="积分类型"
          options={CARRIERS}
          // '' is a carrier here (plain 积分), not an empty input, so zodRule's ''-is-missing does not apply.
          rules={[
            {
              validator: async (_r: unknown, value: unknown) => {
                const problem = zodMessage(shape.integralType, value);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        />
        <ProFormDigit name="points" label="积分" fieldProps={{ precision: 0 }} rules={[zodRule(shape.points)]} />
        <ProFormDigit
          name="cashYuan"
          label="现金部分（元）"
          min={0}
          fieldProps={{ step: 0.01 }}
          rules={[
            {
              validator: async (_r: unknown, value: number | null) => {
                const problem = zodMessage(shape.cashAmount, fenOfYuan(value));
                if (problem) throw new Error(problem);
              },
            },
          ]}
        />
        <ProFormDigit
          name="maxIntegral"
          label="单笔最高可用积分（0为不限）"
          fieldProps={{ precision: 0 }}
          rules={[zodRule(shape.maxIntegral)]}
        />
        <PointsPackageFields />
      </ModalForm>
    </PageContainer>
  );
}
