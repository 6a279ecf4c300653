/**
 * 报名信息与入户: whether the course is a household course with its §3 hold types (随迁落户, 人才引进), and the
 * applicant fields the order form asks for, each with the §5 validator of its type (姓名, 身份证号, 手机号...).
 * Checked with the contract's schema before sending; a refusal keeps what was typed.
 */
import { useEffect, useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Form, Input, Select, Space, Spin, Switch } from 'antd';
import { HOLD_TYPES } from '@contract/constants';
import { FIELD_KEY_TEXT, applicantFieldInput, orderRulesBody } from '@contract/ops-catalogue-extras';
import { FIELD_KEYS } from '@contract/order';
import { messageOf } from '../../api/client';
import { getOrderRules, saveOrderRules, type OrderRulesInput } from '../../api/catalogue-extras';
import { zodRule } from '../../forms/zod-rule';

/** The order rules of one item; `readOnly` shows them without changing. */
export default function OrderRulesTab({ actSn, readOnly }: { actSn: string; readOnly: boolean }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<OrderRulesInput>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState<OrderRulesInput | null>(null);
  const household = Form.useWatch('isHousehold', form);

  useEffect(() => {
    void (async () => {
      try {
        setLoaded(await getOrderRules(actSn));
      } catch (e) {
        message.error(messageOf(e));
      }
    })();
  }, [actSn, message]);

  const save = async () => {
    setRefusal(null);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const parsed = orderRulesBody.safeParse(form.getFieldsValue(true));
    if (!parsed.success) {
      setRefusal(parsed.error.issues[0]?.message ?? '输入有误');
      return;
    }
    setBusy(true);
    try {
      form.setFieldsValue(await saveOrderRules(actSn, parsed.data));
      message.success('报名信息已保存');
    } catch (e) {
      setRefusal(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  // The form shows once the saved rules are in, so nothing typed before they arrive is overwritten.
  if (!loaded) return <Spin />;
  return (
    <Form form={form} layout="vertical" disabled={readOnly || busy} initialValues={loaded}>
      <Space size="large" align="start">
        <Form.Item name="isHousehold" label="入户课程" valuePropName="checked">
          <Switch />
        </Form.Item>
        {household && (
          <Form.Item name="holdTypes" label="入户类型">
            <Checkbox.Group options={Object.entries(HOLD_TYPES).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
        )}
      </Space>
      <Form.List name="restrict">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap>
                <Form.Item name={[field.name, 'keyName']} label="字段类型">
                  <Select
                    style={{ width: 170 }}
                    options={FIELD_KEYS.map((k) => ({ value: k, label: FIELD_KEY_TEXT[k] }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'label']}
                  label="字段名称"
                  rules={[zodRule(applicantFieldInput.shape.label)]}
                >
                  <Input style={{ width: 160 }} placeholder="如：学员姓名" />
                </Form.Item>
                <Form.Item name={[field.name, 'required']} label="必填" valuePropName="checked">
                  <Switch />
                </Form.Item>
                <Form.Item name={[field.name, 'submitTips']} label="未通过时的提示（选填）">
                  <Input style={{ width: 200 }} placeholder="留空用该类型的校验提示" />
                </Form.Item>
                {!readOnly && (
                  <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label="删除字段" />
                )}
              </Space>
            ))}
            {!readOnly && (
              <Form.Item>
                <Button
                  icon={<PlusOutlined />}
                  onClick={() =>
                    add({ keyName: 'NAME', label: '', required: true, multiline: false, submitTips: null })
                  }
                >
                  添加报名字段
                </Button>
              </Form.Item>
            )}
          </>
        )}
      </Form.List>
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
      {!readOnly && (
        <Button type="primary" onClick={() => void save()} loading={busy}>
          保存报名信息
        </Button>
      )}
    </Form>
  );
}
