/**
 * 订单发货: the chosen project's paid goods orders waiting for their parcel, oldest payment first, each shipped
 * with its carrier and tracking number. The console's first page after login, so it uses antd's Table rather
 * than ProTable to stay inside the first-load budget (scripts/admin-budget.mjs).
 */
import { useCallback, useEffect, useState } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { App, Button, Card, Empty, Table, Typography, type TableColumnsType } from 'antd';
import { formatChinaTime } from '@contract/rules/china-time';
import { mayAccess } from '@contract/rules/operator-roles';
import { messageOf } from '../../api/client';
import { ordersToShip, type OrderToShip } from '../../api/shipping';
import { useProjects } from '../../projects/project-context';
import { useOperator } from '../../session/session-context';
import { ShipForm } from './ship-form';

export default function ShippingPage() {
  const { message } = App.useApp();
  const me = useOperator();
  const { current, loading: projectsLoading } = useProjects();
  const [orders, setOrders] = useState<OrderToShip[]>([]);
  const [loading, setLoading] = useState(false);
  const [shipping, setShipping] = useState<OrderToShip | null>(null);
  const mayShip = mayAccess(me.role, 'shipping', 'write');
  const projectSn = current?.projectSn;

  const load = useCallback(async () => {
    if (!projectSn) return setOrders([]);
    setLoading(true);
    try {
      setOrders(await ordersToShip(projectSn));
    } catch (e) {
      message.error(messageOf(e));
    } finally {
      setLoading(false);
    }
  }, [projectSn, message]);

  useEffect(() => void load(), [load]);

  const columns: TableColumnsType<OrderToShip> = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      // Order numbers are 26 characters: on one line with the copy button.
      width: 280,
      render: (no: string) => <Typography.Text copyable>{no}</Typography.Text>,
    },
    { title: '商品', dataIndex: 'courseName', ellipsis: true },
    { title: '数量', dataIndex: 'skuCnt', width: 70 },
    { title: '付款时间', dataIndex: 'paidAt', width: 170, render: (at: string | null) => formatChinaTime(at) || '—' },
    { title: '收货人', dataIndex: 'consignee', width: 100 },
    { title: '电话', dataIndex: 'phone', width: 130 },
    { title: '地址', dataIndex: 'address', ellipsis: true },
    ...(mayShip
      ? [
          {
            title: '操作',
            key: 'ship',
            width: 80,
            render: (_: unknown, order: OrderToShip) => <a onClick={() => setShipping(order)}>发货</a>,
          },
        ]
      : []),
  ];

  return (
    <PageContainer title="订单发货" subTitle={current ? `${current.name}（${current.projectSn}）` : undefined}>
      <Card
        title="待发货订单"
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void load()} disabled={!projectSn}>
            刷新
          </Button>
        }
      >
        {!current && !projectsLoading ? (
          <Empty description="没有可管理的项目，请联系店主开通" />
        ) : (
          <Table<OrderToShip>
            className="sf-admin-to-ship"
            rowKey="orderNo"
            columns={columns}
            dataSource={orders}
            loading={loading || projectsLoading}
            pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
            locale={{ emptyText: '没有待发货的订单' }}
          />
        )}
      </Card>
      {shipping ? (
        <ShipForm
          order={shipping}
          onClose={() => setShipping(null)}
          onShipped={() => {
            setShipping(null);
            void load();
          }}
        />
      ) : null}
    </PageContainer>
  );
}
