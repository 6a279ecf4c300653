/**
 * 售后标记: the operator's marks the §3 refund tags read. 标记已拆封 on a paid goods order (tag 5 then refuses a
 * refund), 标记已激活 on a paid course (tag 6 refuses; tag 3 counts its 7 days from it). Each is asked for
 * confirmation, cannot be undone, and is audited by the server.
 */
import { App, Button, Card, Descriptions, Space } from 'antd';
import { formatChinaTime } from '@contract/rules/china-time';
import { mayAccess } from '@contract/rules/operator-roles';
import type { OperatorRole } from '@contract/operators';
import { messageOf } from '../../api/client';
import { markOrder, type OpsOrderDetail } from '../../api/orders';

const time = (iso: string | null) => (iso ? formatChinaTime(iso) : '未标记');

export function OrderMarksCard({
  detail,
  role,
  onChanged,
}: {
  detail: OpsOrderDetail;
  role: OperatorRole;
  onChanged: (next: OpsOrderDetail) => void;
}) {
  const { modal, message } = App.useApp();
  const { order, marks } = detail;
  const mayWrite = mayAccess(role, 'orders', 'write');
  const goods = order.orderType === 'GOODS';

  const mark = (kind: 'unsealed' | 'activated') =>
    modal.confirm({
      title: kind === 'unsealed' ? '确认标记为已拆封？' : '确认标记为已激活？',
      content:
        kind === 'unsealed'
          ? '商品设置了“拆封后不支持退货”时，标记后顾客将不能再申请售后。标记不能撤销。'
          : '课程设置了“激活后不支持退款”时，标记后顾客将不能再申请售后；“7天无理由”从激活起算。标记不能撤销。',
      okText: '确认标记',
      cancelText: '取消',
      onOk: async () => {
        try {
          onChanged(await markOrder(order.orderNo, kind));
          message.success(kind === 'unsealed' ? '已标记为已拆封' : '已标记为已激活');
        } catch (e) {
          message.error(messageOf(e));
        }
      },
    });

  return (
    <Card
      title="售后标记"
      className="sf-admin-order-marks"
      extra={
        mayWrite ? (
          <Space>
            {marks.mayMarkUnsealed ? <Button onClick={() => mark('unsealed')}>标记已拆封</Button> : null}
            {marks.mayMarkActivated ? <Button onClick={() => mark('activated')}>标记已激活</Button> : null}
          </Space>
        ) : null
      }
    >
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        {goods ? (
          <Descriptions.Item label="已拆封">
            {marks.unsealedAt ? `${time(marks.unsealedAt)}（${marks.unsealedBy ?? ''}）` : '未标记'}
          </Descriptions.Item>
        ) : (
          <Descriptions.Item label="已激活">
            {marks.activatedAt ? `${time(marks.activatedAt)}（${marks.activatedBy ?? ''}）` : '未标记'}
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}
