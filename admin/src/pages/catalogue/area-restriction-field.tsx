/**
 * 销售地区: which provinces and cities may order the item, picked in a Cascader of the storefront's own area data
 * (a whole province, or some of its cities). 仅限所选地区可购买 or 所选地区不可购买; the order refuses the rest with
 * 当前地区暂不支持购买，请切换地址再提交订单! A refusal keeps the choice.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Cascader, Form, Radio, Space, Spin, Typography } from 'antd';
import { AREA_MODE_TEXT, AREA_MODES, areaRestrictionBody } from '@contract/ops-catalogue-extras';
import { messageOf } from '../../api/client';
import { areaTree, getAreas, saveAreas, type AreaTreeNode } from '../../api/catalogue-extras';
import { areaBodyOf, pathsOf } from './area-paths';

type Mode = (typeof AREA_MODES)[number];
interface Values {
  mode: Mode;
  paths: string[][];
}

/** The areas of one item; `readOnly` shows them without changing. */
export default function AreaRestrictionField({ actSn, readOnly }: { actSn: string; readOnly: boolean }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [tree, setTree] = useState<AreaTreeNode[]>([]);
  const [refused, setRefused] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState<Values | null>(null);
  const mode = Form.useWatch('mode', form);

  useEffect(() => {
    void (async () => {
      try {
        const [nodes, saved] = await Promise.all([areaTree(), getAreas(actSn)]);
        setTree(nodes);
        setLoaded({
          mode: saved.mode,
          paths: pathsOf(saved.areas),
        });
        setRefused(saved.refusedCount);
      } catch (e) {
        message.error(messageOf(e));
      }
    })();
  }, [actSn, message]);

  const save = async () => {
    setRefusal(null);
    const v = form.getFieldsValue(true) as Values;
    const body = areaBodyOf(v.mode, v.paths);
    // The contract's own check first, in the same words as the server.
    const parsed = areaRestrictionBody.safeParse(body);
    if (!parsed.success) {
      setRefusal(parsed.error.issues[0]?.message ?? '输入有误');
      return;
    }
    setBusy(true);
    try {
      const saved = await saveAreas(actSn, body);
      setRefused(saved.refusedCount);
      message.success('销售地区已保存');
    } catch (e) {
      setRefusal(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  // The form shows once the saved choice is in, so nothing picked before it arrives is overwritten.
  if (!loaded) return <Spin />;
  return (
    <Form form={form} layout="vertical" disabled={readOnly || busy} initialValues={loaded}>
      <Form.Item name="mode" label="销售地区">
        <Radio.Group options={AREA_MODES.map((m) => ({ value: m, label: AREA_MODE_TEXT[m] }))} />
      </Form.Item>
      {mode && mode !== 'NONE' && (
        <Form.Item name="paths" label="地区（可选整省或其中的市）">
          <Cascader
            className="sf-admin-area-picker"
            options={tree}
            multiple
            showSearch
            showCheckedStrategy={Cascader.SHOW_PARENT}
            maxTagCount="responsive"
            placeholder="请选择地区"
            style={{ width: '100%' }}
          />
        </Form.Item>
      )}
      {refused !== null && mode !== 'NONE' && (
        <Typography.Paragraph type="secondary">
          已保存：下单时 {refused} 个地区会提示“当前地区暂不支持购买，请切换地址再提交订单!”
        </Typography.Paragraph>
      )}
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
      {!readOnly && (
        <Space>
          <Button type="primary" onClick={() => void save()} loading={busy}>
            保存销售地区
          </Button>
        </Space>
      )}
    </Form>
  );
}
