/**
 * 订单管理: the chosen project's orders (header switcher), newest first, searched by order number, phone, state
 * and order days (China calendar days); each opens its detail. 导出CSV saves the same filtered list.
 * The filters are checked with the contract's own schema before anything is asked: a bad phone or order number
 * is said in Chinese under its field, and the typed filters stay.
 */
import { useRef, useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { App, Button, DatePicker, Empty, Form, Input, Select, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { Link } from 'react-router';
import { OPS_ORDER_STATE_TEXT, opsOrderListQuery } from '@contract/ops-orders';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import { messageOf } from '../../api/client';
import { downloadOrdersCsv, listOrders, type OrderFilter, type OrderItem } from '../../api/orders';
import { ListTable } from '../../components/list-table';
import { zodMessage } from '../../forms/zod-rule';
import { useProjects } from '../../projects/project-context';
import { useSession } from '../../session/session-context';

interface Search {
  orderNo?: string;
  phone?: string;
  state?: string;
  from?: string;
  to?: string;
}

const STATE_OPTIONS = Object.entries(OPS_ORDER_STATE_TEXT).map(([value, label]) => ({ value, label }));
const day = (d: Dayjs | null | undefined) => d?.format('YYYY-MM-DD');

export default function OrdersPage() {
  const { message } = App.useApp();
  const { session } = useSession();
  const { current, loading: projectsLoading } = useProjects();
  const projectSn = current?.projectSn;
  const filterRef = useRef<OrderFilter | null>(null);
  const [form] = Form.useForm();
  const [exporting, setExporting] = useState(false);

  const columns: TableColumnsType<OrderItem> = [
    {
      title: '订单号',
      dataIndex: 'orderNo',
      width: 270,
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
      render: (_, o) => o.phone ?? '—',
    },
    { title: '订单状态', dataIndex: 'state', width: 100, render: (_, o) => o.stateText },
    {
      title: '下单时间',
      dataIndex: 'createdAt',
      width: 170,
      render: (_, o) => formatChinaTime(o.createdAt),
    },
    { title: '商品', dataIndex: 'courseName', ellipsis: true },
    { title: '数量', dataIndex: 'skuCnt', width: 60 },
    {
      title: '订单金额',
      dataIndex: 'totalAmount',
      width: 100,
      render: (_, o) => formatMoney(o.totalAmount),
    },
    { title: '已付', dataIndex: 'paidAmount', width: 100, render: (_, o) => formatMoney(o.paidAmount) },
    { title: '收货人', dataIndex: 'consignee', width: 90, render: (_, o) => o.consignee ?? '—' },
    {
      title: '操作',
      key: 'open',
      width: 70,
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
      <ListTable<OrderItem, Search>
        className="sf-admin-orders"
        rowKey="orderNo"
        columns={columns}
        params={[projectSn]}
        manual={!projectSn}
        form={form}
        filters={
          <>
            <Form.Item name="orderNo" label="订单号">
              <Input allowClear placeholder="订单号或其中一段" maxLength={64} />
            </Form.Item>
            <Form.Item name="phone" label="手机号">
              <Input allowClear placeholder="用户或收货人手机号" maxLength={11} />
            </Form.Item>
            <Form.Item name="state" label="订单状态">
              <Select allowClear placeholder="请选择" options={STATE_OPTIONS} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="dates" label="下单日期">
              <DatePicker.RangePicker />
            </Form.Item>
          </>
        }
        filterValues={(v) => {
          const [from, to] = (v.dates as [Dayjs | null, Dayjs | null] | null | undefined) ?? [];
          return {
            orderNo: v.orderNo as string | undefined,
            phone: v.phone as string | undefined,
            state: (v.state as string | undefined) || undefined,
            from: day(from),
            to: day(to),
          };
        }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100] }}
        locale={{ emptyText: '没有符合条件的订单' }}
        toolbar={[
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
            page: params.current,
            size: params.pageSize,
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
            if (name) form.setFields([{ name, errors: [issue.message] }]);
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
