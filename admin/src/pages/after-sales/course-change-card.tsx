/**
 * 换课: a paid course order moves to another course of the project; what was paid becomes the new order's
 * 费用抵扣. It moves money from one order to another, so it is confirmed first with the deduction named.
 */
import { useState } from 'react';
import { App, Alert, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { courseChangeBody, courseChangeOrderParams } from '@contract/after-sales';
import { formatMoney } from '@contract/rules/money';
import { messageOf } from '../../api/client';
import {
  changeCourse,
  courseChangeOptions,
  type CourseChangeOptions,
  type CourseChangeResult,
} from '../../api/after-sales';
import { FormError } from '../../forms/form-error';
import { zodRule } from '../../forms/zod-rule';

interface Values {
  orderNo: string;
  actSn?: string;
  message?: string;
}

export function CourseChangeCard({ mayChange }: { mayChange: boolean }) {
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [options, setOptions] = useState<CourseChangeOptions | null>(null);
  const [result, setResult] = useState<CourseChangeResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const query = async () => {
    setError(null);
    setResult(null);
    const values = await form.validateFields(['orderNo']).catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      setOptions(await courseChangeOptions(values.orderNo.trim()));
      form.setFieldValue('actSn', undefined);
    } catch (e) {
      setOptions(null);
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (!options) return;
    setError(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = courseChangeBody.parse({ actSn: values.actSn, message: values.message ?? '' });
    const course = options.courses.find((c) => c.actSn === body.actSn);
    if (!course) return;
    const ok = await new Promise<boolean>((resolve) =>
      modal.confirm({
        title: '确认换课？',
        content: `订单 ${options.orderNo} 将换为「${course.actName}」（${formatMoney(course.price)}），已付款抵扣 ${formatMoney(course.deductionAmount)}，原订单变为已换课。`,
        okText: '确认换课',
        cancelText: '取消',
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
    if (!ok) return;
    setBusy(true);
    try {
      const done = await changeCourse(options.orderNo, body);
      setResult(done);
      setOptions(null);
      message.success(`已换课，新订单 ${done.newOrderNo}`);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="换课" className="sf-admin-course-change">
      <Form form={form} layout="vertical" name="course-change" disabled={!mayChange}>
        <Form.Item label="已支付的课程订单号" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="orderNo" noStyle rules={[zodRule(courseChangeOrderParams.shape.orderNo)]}>
              <Input placeholder="订单号" maxLength={64} />
            </Form.Item>
            <Button onClick={() => void query()} loading={busy} className="sf-admin-cc-query">
              查询可换课程
            </Button>
          </Space.Compact>
        </Form.Item>
        {options ? (
          <>
            <Typography.Paragraph type="secondary">
              订单状态 {options.orderStatus}，已付可抵扣 {formatMoney(options.credit)}
            </Typography.Paragraph>
            {options.allowed ? (
              <>
                <Form.Item name="actSn" label="新课程" required rules={[zodRule(courseChangeBody.shape.actSn)]}>
                  <Select
                    placeholder="请选择新课程"
                    options={options.courses.map((c) => ({
                      value: c.actSn,
                      label: `${c.actName} ${formatMoney(c.price)}（费用抵扣 ${formatMoney(c.deductionAmount)}）`,
                    }))}
                  />
                </Form.Item>
                <Form.Item name="message" label="留言（选填）" rules={[zodRule(courseChangeBody.shape.message)]}>
                  <Input maxLength={100} />
                </Form.Item>
                <Button type="primary" onClick={() => void submit()} loading={busy} className="sf-admin-cc-submit">
                  确认换课
                </Button>
              </>
            ) : (
              <Alert type="warning" showIcon message={options.notAllowedReason} />
            )}
          </>
        ) : null}
      </Form>
      <FormError message={error} />
      {result ? (
        <div className="sf-admin-cc-result" data-new-order={result.newOrderNo}>
          <Alert
            type="success"
            showIcon
            message={`已换课：原订单 ${result.oldOrderNo} 已换课，新订单 ${result.newOrderNo}（${result.courseName} ${formatMoney(result.price)}），费用抵扣 ${formatMoney(result.deductionAmount)}${result.uncovered ? `，未抵扣 ${formatMoney(result.uncovered)}` : ''}`}
          />
        </div>
      ) : null}
    </Card>
  );
}
