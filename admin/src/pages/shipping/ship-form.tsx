/**
 * 发货 of one order: carrier and tracking number, checked with the contract's opsShipBody, then confirmed
 * before it is sent (the customer sees it at once and the parcel's receipt clock starts).
 * antd's Modal and Form rather than pro-form's ModalForm: this page is the console's first after login, and
 * pro-form would add about 200 KB of gzip to it (scripts/admin-budget.mjs).
 */
import { useState } from 'react';
import { App, Form, Input, Modal, Typography } from 'antd';
import { opsShipBody } from '@contract/shipping';
import { messageOf } from '../../api/client';
import { shipOrder, type OrderToShip, type ShipBody } from '../../api/shipping';
import { FormError } from '../../forms/form-error';
import { zodMessage, zodRule } from '../../forms/zod-rule';

interface Props {
  order: OrderToShip;
  onClose(): void;
  onShipped(): void;
}

export function ShipForm({ order, onClose, onShipped }: Props) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<ShipBody>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = (body: ShipBody) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: '确认发货？',
        content: `订单 ${order.orderNo} 将以「${body.carrierName}」单号 ${body.trackingNo} 发货，顾客会立即看到物流信息。`,
        okText: '确认发货',
        cancelText: '再看看',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const submit = async () => {
    setError(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const refusal = zodMessage(opsShipBody, values);
    if (refusal) return setError(refusal);
    const body = opsShipBody.parse(values);
    if (!(await confirm(body))) return;
    setBusy(true);
    try {
      await shipOrder(order.orderNo, body);
      message.success(`订单 ${order.orderNo} 已发货`);
      onShipped();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={`发货：${order.courseName}`}
      okText="发货"
      cancelText="取消"
      maskClosable={false}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        收货人：{order.consignee ?? '—'} {order.phone ?? ''}
        <br />
        地址：{order.address ?? '—'}
      </Typography.Paragraph>
      <Form<ShipBody> form={form} layout="vertical" name="ship">
        <Form.Item name="carrierName" label="快递公司" required rules={[zodRule(opsShipBody.shape.carrierName)]}>
          <Input placeholder="如：顺丰速运" maxLength={20} />
        </Form.Item>
        <Form.Item name="trackingNo" label="快递单号" required rules={[zodRule(opsShipBody.shape.trackingNo)]}>
          <Input placeholder="字母、数字或-" maxLength={40} />
        </Form.Item>
      </Form>
      <FormError message={error} />
    </Modal>
  );
}
