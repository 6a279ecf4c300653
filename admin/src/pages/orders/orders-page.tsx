/**
 * 订单管理: the chosen project's orders (header switcher), newest first, searched by order number, phone, state
 * and order days (China calendar days); each opens its detail. 导出CSV saves the same filtered list.
 * The filters are checked with the contract's own schema before anything is asked: a bad phone or order number
 * is said in Chinese under its field, and the typed filters stay.
 */
import { useRef, useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import {
  PageContainer,
  ProTable,
  type ActionType,
  type ProColumns,
  type ProFormInstance,
} from '@ant-design/pro-components';
import { App, Button, Empty, Typography } from 'antd';
import { Link } from 'react-router';
import { OPS_ORDER_STATE_TEXT, opsOrderListQuery } from '@contract/ops-orders';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import { messageOf } from '../../api/client';
import { downloadOrdersCsv, listOrders, type OrderFilter, type OrderItem } from '../../api/orders';
import { zodMessage } from '../../forms/zod-rule';
import { useProjects } from '../../projects/project-context';
import { useSession } from '../../session/session-context';

interface Search {
  current?: number;
  /** The header switcher's project: a change reloads the list. */
  projectSn?: string;
  pageSize?: number;
  orderNo?: string;
  phone?: string;
  state?: string;
  from?: string;
  to?: string;
}

const stateEnum = Object.fromEntries(Object.entries(OPS_ORDER_STATE_TEXT).map(([k, text]) => [k, { text }]));

export default function OrdersPage() {
  const { message } = App.useApp();
  const { session } = useSession();
  const { current, loading: projectsLoading } = useProjects();
  const projectSn = current?.projectSn;
  const filterRef = useRef<OrderFilter | null>(null);
  const actionRef = useRef<ActionType>(undefined);
  const formRef = useRef<ProFormInstance>(undefined);
  const [exporting, setExporting] = useState(false);

  const columns: ProColumns<OrderItem>[] = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      width: 270,
      fieldProps: { placeholder: '订单号或其中一段', maxLength: 64 },
      render: (_, o) => (
        <Typography.Text copyable={{ text: o.orderNo }}>
          <Link to={`/orders/${encodeURIComponent(o.orderNo)}`}>{o.orderNo}</Link>
        </Typography.Text>
      ),
    },
    {
      title: '手机号',
      dataIndex: 'phone',
      width: 130,
      fieldProps: { placeholder: '用户或收货人手机号', maxLength: 11 },
      render: (_, o) => o.phone ?? '—',
    },
    {
      title: '订单状态',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: stateEnum,
      width: 100,
      render: (_, o) => o.stateText,
    },
    {
      title: '下单日期',
      dataIndex: 'dates',
      valueType: 'dateRange',
      hideInTable: true,
      search: { transform: (v: [string, string]) => ({ from: v[0], to: v[1] }) },
    },
    {
      title: '下单时间',
      dataIndex: 'createdAt',
      width: 170,
      search: false,
      render: (_, o) => formatChinaTime(o.createdAt),
    },
    { title: '商品', dataIndex: 'courseName', ellipsis: true, search: false },
    { title: '数量', dataIndex: 'skuCnt', width: 60, search: false },
    {
      title: '订单金额',
      dataIndex: 'totalAmount',
      width: 100,
      search: false,
      render: (_, o) => formatMoney(o.totalAmount),
    },
    { title: '已付', dataIndex: 'paidAmount', width: 100, search: false, render: (_, o) => formatMoney(o.paidAmount) },
    { title: '收货人', dataIndex: 'consignee', width: 90, search: false, render: (_, o) => o.consignee ?? '—' },
    {
      title: '操作',
      key: 'open',
      width: 70,
      search: false,
      render: (_, o) => <Link to={`/orders/${encodeURIComponent(o.orderNo)}`}>详情</Link>,
    },
  ];

  const exportCsv = async () => {
    const filter = filterRef.current;
    if (!filter || !session) return;
    setExporting(true);
    try {
      await downloadOrdersCsv(session.token, filter);
    } catch (e) {
      message.error(messageOf(e));
    } finally {
      setExporting(false);
    }
  };

  if (!current && !projectsLoading)
    return (
      <PageContainer title="订单管理">
        <Empty description="没有可管理的项目，请联系店主开通" />
      </PageContainer>
    );

  return (
    <PageContainer title="订单管理" subTitle={current ? `${current.name}（${current.projectSn}）` : undefined}>
      <ProTable<OrderItem, Search>
        className="sf-admin-orders"
        rowKey="orderNo"
        actionRef={actionRef}
        formRef={formRef}
        columns={columns}
        params={{ projectSn }}
        manualRequest={!projectSn}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100] }}
        locale={{ emptyText: '没有符合条件的订单' }}
        toolBarRender={() => [
          <Button
            key="csv"
            icon={<DownloadOutlined />}
            loading={exporting}
            disabled={!projectSn}
            onClick={() => void exportCsv()}
          >
            导出CSV
          </Button>,
        ]}
        request={async (params) => {
          const query = {
            page: params.current ?? 1,
            size: params.pageSize ?? 20,
            projectSn,
            state: params.state,
            from: params.from,
            to: params.to,
            phone: params.phone?.trim(),
            orderNo: params.orderNo?.trim(),
          };
          const checked = opsOrderListQuery.safeParse(query);
          if (!checked.success) {
            // Said under the field it is about (the search form's own rules do not run before a query).
            const issue = checked.error.issues[0];
            const field = String(issue?.path[0] ?? '');
            const name = field === 'from' || field === 'to' ? 'dates' : field;
            if (name) formRef.current?.setFields([{ name, errors: [issue.message] }]);
            message.error(zodMessage(opsOrderListQuery, query));
            return { data: [], total: 0, success: false };
          }
          const { page: _page, size: _size, ...filter } = checked.data;
          filterRef.current = filter;
          try {
            const { list, total } = await listOrders(query);
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
