/**
 * One order (/orders/:orderNo): the order, its schedule and payment attempts, the coupon spent, after-sales and
 * refunds, its history and parcel. 发货 (a paid goods order whose parcel waits) reuses 订单发货's form; 取消订单
 * (an unpaid order) asks first. Times are China time, money yuan.
 */
import { useCallback, useEffect, useState } from 'react';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Result,
  Space,
  Spin,
  Table,
  Tag,
  Timeline,
  Typography,
  type TableColumnsType,
} from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import { mayAccess } from '@contract/rules/operator-roles';
import { SHIPMENT_STATUS_TEXT } from '@contract/constants';
import { messageOf } from '../../api/client';
import { cancelOrder, getOrder, type OpsOrderDetail } from '../../api/orders';
import { OrderMarksCard } from './order-marks-card';
import { useProjects } from '../../projects/project-context';
import { useOperator } from '../../session/session-context';
import { ShipForm } from '../shipping/ship-form';

type Detail = OpsOrderDetail;

const KIND_TEXT: Record<string, string> = { NORMAL: '全款', DEPOSIT: '定金', FINAL: '尾款', INSTALLMENT: '分期' };
const PAY_TYPE_TEXT: Record<number, string> = { 1: '微信', 2: '扫码', 3: '支付宝', 4: '银行卡', 5: '费用抵扣' };
const PAYMENT_STATUS_TEXT: Record<string, string> = {
  PENDING: '待支付',
  SUCCESS: '已支付',
  CLOSED: '已关闭',
  REFUND_PENDING: '待退回',
};
const REFUND_STATUS_TEXT: Record<string, string> = { PENDING: '退款中', SUCCESS: '已退款', FAILED: '退款失败' };
const COUPON_STATE_TEXT: Record<number, string> = { 1: '已退回', 2: '已使用', 3: '已过期' };
const AFTER_SALE_TYPE_TEXT: Record<number, string> = { 1: '仅退款', 2: '退货退款' };
const PAY_TYPE_OF_ORDER: Record<number, string> = { 1: '全款', 2: '定金+尾款', 3: '分期' };

const time = (at: string | null) => formatChinaTime(at) || '—';
const money = (fen: number | null) => (fen === null ? '—' : formatMoney(fen));

export default function OrderDetailPage() {
  const { orderNo = '' } = useParams();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const me = useOperator();
  const { nameOf } = useProjects();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [shipping, setShipping] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setDetail(await getOrder(orderNo));
      setError(null);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setLoading(false);
    }
  }, [orderNo]);

  useEffect(() => void load(), [load]);

  if (loading && !detail) return <Spin size="large" style={{ display: 'block', margin: '120px auto' }} />;
  if (!detail)
    return (
      <Result
        status="warning"
        title={error ?? '订单不存在'}
        extra={<Button onClick={() => navigate('/orders')}>返回订单管理</Button>}
      />
    );

  const { order } = detail;
  const mayShip = detail.mayShip && mayAccess(me.role, 'shipping', 'write');
  const mayCancel = detail.mayCancel && mayAccess(me.role, 'orders', 'write');

  const cancel = () =>
    modal.confirm({
      title: '确认取消订单？',
      content: `订单 ${order.orderNo} 将被取消，未完成的支付会关闭，使用的优惠券退回给顾客。`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        setCancelling(true);
        try {
          setDetail(await cancelOrder(order.orderNo));
          message.success(`订单 ${order.orderNo} 已取消`);
        } catch (e) {
          message.error(messageOf(e));
        } finally {
          setCancelling(false);
        }
      },
    });

  const scheduleColumns: TableColumnsType<Detail['schedule'][number]> = [
    { title: '期数', dataIndex: 'seq', width: 60 },
    { title: '类型', dataIndex: 'kind', render: (k: string) => KIND_TEXT[k] ?? k },
    { title: '应付', dataIndex: 'amount', render: money },
    { title: '费用抵扣', dataIndex: 'deductionAmount', render: money },
    { title: '截止时间', dataIndex: 'dueTime', render: time },
    { title: '状态', dataIndex: 'status', render: (s: string) => (s === 'PAID' ? '已支付' : '未支付') },
    { title: '实付', dataIndex: 'paidAmount', render: money },
    { title: '支付方式', dataIndex: 'payType', render: (t: number | null) => (t ? (PAY_TYPE_TEXT[t] ?? t) : '—') },
    { title: '支付时间', dataIndex: 'paidAt', render: time },
  ];
  const paymentColumns: TableColumnsType<Detail['payments'][number]> = [
    { title: '支付单号', dataIndex: 'paymentSn', ellipsis: true },
    { title: '期数', dataIndex: 'seq', width: 60 },
    { title: '金额', dataIndex: 'amount', render: money },
    { title: '渠道', dataIndex: 'provider' },
    { title: '状态', dataIndex: 'status', render: (s: string) => PAYMENT_STATUS_TEXT[s] ?? s },
    { title: '交易号', dataIndex: 'txnId', ellipsis: true, render: (t: string | null) => t ?? '—' },
    { title: '发起时间', dataIndex: 'createdAt', render: time },
    { title: '支付时间', dataIndex: 'paidAt', render: time },
  ];
  const couponColumns: TableColumnsType<Detail['coupons'][number]> = [
    { title: '优惠券', dataIndex: 'couponName' },
    { title: '券码', dataIndex: 'rcSn' },
    { title: '面额', dataIndex: 'couponAmount', render: money },
    { title: '状态', dataIndex: 'state', render: (s: number) => COUPON_STATE_TEXT[s] ?? s },
    { title: '使用时间', dataIndex: 'usedAt', render: time },
  ];
  const afterSaleColumns: TableColumnsType<Detail['afterSales'][number]> = [
    { title: '售后单号', dataIndex: 'applicationNo' },
    { title: '类型', dataIndex: 'type', render: (t: number) => AFTER_SALE_TYPE_TEXT[t] ?? t },
    { title: '申请金额', dataIndex: 'amount', render: money },
    { title: '已退', dataIndex: 'refundedAmount', render: money },
    { title: '状态', dataIndex: 'state' },
    { title: '原因', dataIndex: 'reason', ellipsis: true },
    { title: '申请时间', dataIndex: 'createdAt', render: time },
  ];
  const refundColumns: TableColumnsType<Detail['refunds'][number]> = [
    { title: '退款单号', dataIndex: 'refundSn', ellipsis: true },
    { title: '售后单号', dataIndex: 'applicationNo' },
    { title: '金额', dataIndex: 'amount', render: money },
    { title: '渠道', dataIndex: 'provider' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: string, r) => `${REFUND_STATUS_TEXT[s] ?? s}${r.failReason ? `（${r.failReason}）` : ''}`,
    },
    { title: '发起时间', dataIndex: 'createdAt', render: time },
    { title: '到账时间', dataIndex: 'settledAt', render: time },
  ];
  const small = { size: 'small' as const, pagination: false as const, scroll: { x: true as const } };

  return (
    <PageContainer
      className="sf-admin-order-detail"
      title={`订单 ${order.orderNo}`}
      onBack={() => navigate('/orders')}
      backIcon={<ArrowLeftOutlined />}
      tags={<Tag color={order.status === 'CANCELLED' ? 'default' : 'blue'}>{order.stateText}</Tag>}
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void load()}>
            刷新
          </Button>
          {mayShip ? (
            <Button type="primary" onClick={() => setShipping(true)}>
              发货
            </Button>
          ) : null}
          {mayCancel ? (
            <Button danger loading={cancelling} onClick={cancel}>
              取消订单
            </Button>
          ) : null}
        </Space>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card title="订单信息">
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
            <Descriptions.Item label="订单号">
              <Typography.Text copyable>{order.orderNo}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="状态">{order.stateText}</Descriptions.Item>
            <Descriptions.Item label="项目">{nameOf(order.projectSn)}</Descriptions.Item>
            <Descriptions.Item label="商品">{order.courseName}</Descriptions.Item>
            <Descriptions.Item label="套餐">{order.packageName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="数量">{order.skuCnt}</Descriptions.Item>
            <Descriptions.Item label="类型">{order.orderType === 'GOODS' ? '商品' : '课程'}</Descriptions.Item>
            <Descriptions.Item label="付款方式">{PAY_TYPE_OF_ORDER[order.orderPayType] ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="订单金额">{money(order.totalAmount)}</Descriptions.Item>
            <Descriptions.Item label="优惠">{money(order.discountAmount)}</Descriptions.Item>
            <Descriptions.Item label="运费">{money(order.freight)}</Descriptions.Item>
            <Descriptions.Item label="已付">{money(order.paidAmount)}</Descriptions.Item>
            <Descriptions.Item label="下单时间">{time(order.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="付款截止">{time(order.expiresAt)}</Descriptions.Item>
            <Descriptions.Item label="用户手机号">{order.phone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="收货人">
              {order.consignee ? `${order.consignee} ${order.consigneePhone ?? ''}` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="收货地址" span={2}>
              {order.address ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label="备注">{order.remark ?? '—'}</Descriptions.Item>
            {order.applicant.map((a) => (
              <Descriptions.Item key={a.label} label={a.label}>
                {a.value}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
        {detail.shipment ? (
          <Card title="物流">
            <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
              <Descriptions.Item label="物流状态">
                {SHIPMENT_STATUS_TEXT[detail.shipment.status] ?? '已收货'}
              </Descriptions.Item>
              <Descriptions.Item label="快递公司">{detail.shipment.carrierName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="快递单号">{detail.shipment.trackingNo ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="发货时间">{time(detail.shipment.shippedAt)}</Descriptions.Item>
              <Descriptions.Item label="自动收货">{time(detail.shipment.autoReceiveAt)}</Descriptions.Item>
              <Descriptions.Item label="收货时间">{time(detail.shipment.receivedAt)}</Descriptions.Item>
            </Descriptions>
          </Card>
        ) : null}
        {detail.marks.mayMarkUnsealed ||
        detail.marks.mayMarkActivated ||
        detail.marks.unsealedAt ||
        detail.marks.activatedAt ? (
          <OrderMarksCard detail={detail} role={me.role} onChanged={setDetail} />
        ) : null}
        <Card title="付款计划">
          <Table rowKey="seq" columns={scheduleColumns} dataSource={detail.schedule} {...small} />
        </Card>
        <Card title="支付记录">
          <Table
            rowKey="paymentSn"
            columns={paymentColumns}
            dataSource={detail.payments}
            locale={{ emptyText: '暂无支付' }}
            {...small}
          />
        </Card>
        <Card title="优惠券">
          <Table
            rowKey="rcSn"
            columns={couponColumns}
            dataSource={detail.coupons}
            locale={{ emptyText: '未使用优惠券' }}
            {...small}
          />
        </Card>
        <Card title="售后与退款">
          <Table
            rowKey="applicationNo"
            columns={afterSaleColumns}
            dataSource={detail.afterSales}
            locale={{ emptyText: '暂无售后' }}
            {...small}
          />
          {detail.refunds.length > 0 ? (
            <Table
              rowKey="refundSn"
              columns={refundColumns}
              dataSource={detail.refunds}
              style={{ marginTop: 16 }}
              {...small}
            />
          ) : null}
        </Card>
        <Card title="订单动态">
          {detail.events.length === 0 ? (
            <Empty />
          ) : (
            <Timeline
              items={detail.events.map((e) => ({
                key: `${e.at}-${e.event}`,
                children: (
                  <>
                    <Typography.Text type="secondary">{time(e.at)}</Typography.Text> {e.text}
                  </>
                ),
              }))}
            />
          )}
        </Card>
        <Link to="/orders">返回订单管理</Link>
      </Space>
      {shipping ? (
        <ShipForm
          order={{
            orderNo: order.orderNo,
            courseName: order.courseName,
            skuCnt: order.skuCnt,
            paidAt: null,
            consignee: order.consignee,
            phone: order.consigneePhone,
            address: order.address,
          }}
          onClose={() => setShipping(false)}
          onShipped={() => {
            setShipping(false);
            void load();
          }}
        />
      ) : null}
    </PageContainer>
  );
}
