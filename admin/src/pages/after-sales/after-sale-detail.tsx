/**
 * One application in a drawer: what the customer asked and why, where the money goes back, the return parcel,
 * the negotiation history (newest first, China time) and the decisions its state allows.
 */
import { Button, Descriptions, Drawer, Image, Space, Tag, Timeline, Typography } from 'antd';
import { formatChinaTime } from '@contract/rules/china-time';
import { formatMoney } from '@contract/rules/money';
import type { OpsAfterSale } from '../../api/after-sales';
import { ACTION_TEXT, ACTIONS, type Decision } from './after-sale-actions';
import { stateColour } from './state-colour';

interface Props {
  application: OpsAfterSale;
  mayDecide: boolean;
  busy: boolean;
  onAct(decision: Decision): void;
  onClose(): void;
}

export function AfterSaleDetail({ application: a, mayDecide, busy, onAct, onClose }: Props) {
  const actions = mayDecide ? (ACTIONS[a.state] ?? []) : [];
  return (
    <Drawer
      open
      width={640}
      title={`售后单 ${a.applicationNo}`}
      onClose={onClose}
      rootClassName="sf-admin-after-sale-detail"
      extra={
        <Space>
          {actions.map((action) => (
            <Button
              key={action}
              className={`sf-admin-act-${action}`}
              type={action === 'refuse' ? 'default' : 'primary'}
              danger={action === 'refuse'}
              loading={busy}
              onClick={() => onAct(action)}
            >
              {ACTION_TEXT[action]}
            </Button>
          ))}
        </Space>
      }
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="状态">
          <Tag color={stateColour(a.state)} className="sf-admin-after-sale-state" data-state={a.state}>
            {a.stateText}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="商品">{a.courseName}</Descriptions.Item>
        <Descriptions.Item label="订单号">
          <Typography.Text copyable>{a.orderNo}</Typography.Text>（{a.orderStatus}）
        </Descriptions.Item>
        <Descriptions.Item label="顾客">{a.phone ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="售后类型">{a.typeText}</Descriptions.Item>
        <Descriptions.Item label="退款金额">
          {formatMoney(a.amount)}
          {a.refundedAmount ? `（已退 ${formatMoney(a.refundedAmount)}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="退回至">
          {a.refundTo.length ? a.refundTo.map((c) => `${c.channelText} ${formatMoney(c.amount)}`).join('；') : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="退款原因">
          {a.reason}
          {a.description ? `；${a.description}` : ''}
        </Descriptions.Item>
        {a.images.length ? (
          <Descriptions.Item label="凭证">
            <Image.PreviewGroup>
              {a.images.map((url) => (
                <Image key={url} src={url} width={64} height={64} style={{ objectFit: 'cover' }} alt="凭证" />
              ))}
            </Image.PreviewGroup>
          </Descriptions.Item>
        ) : null}
        {a.logistics ? (
          <Descriptions.Item label="退货物流">
            {a.logistics.carrierName} {a.logistics.trackingNo}
          </Descriptions.Item>
        ) : null}
        {a.refuseReason ? <Descriptions.Item label="拒绝原因">{a.refuseReason}</Descriptions.Item> : null}
        <Descriptions.Item label="申请时间">{formatChinaTime(a.createdAt)}</Descriptions.Item>
        {a.next.dueAt ? (
          <Descriptions.Item label={a.next.dueLabel ?? '截止'}>{formatChinaTime(a.next.dueAt)}</Descriptions.Item>
        ) : null}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        协商历史
      </Typography.Title>
      <Timeline
        className="sf-admin-after-sale-records"
        items={[...a.records].reverse().map((r) => ({
          children: (
            <>
              <div>
                {r.actorText}：{r.eventText}
                {r.message ? `（${r.message}）` : ''}
              </div>
              <Typography.Text type="secondary">{formatChinaTime(r.createdAt)}</Typography.Text>
            </>
          ),
        }))}
      />
    </Drawer>
  );
}
