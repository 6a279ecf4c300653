/**
 * 新建 / 编辑积分商品: carrier, points, cash part (typed in yuan), limit and the §3 package settings. Its own
 * chunk, loaded when first opened: pro-form's fields bring every field type (scripts/admin-budget.mjs).
 */
import { ModalForm, ProFormDigit, ProFormSelect } from '@ant-design/pro-components';
import { POINTS_CARRIER_TEXT, POINTS_ITEM_MESSAGES, pointsItemFields } from '@contract/ops-integral';
import { listItems } from '../../api/catalogue';
import type { PointsItem } from '../../api/integral';
import { zodMessage, zodRule } from '../../forms/zod-rule';
import { fenOfYuan, valuesOf, type PointsItemValues } from './points-item-values';
import PointsPackageFields from './points-package-fields';

const CARRIERS = Object.entries(POINTS_CARRIER_TEXT).map(([value, label]) => ({ value, label }));

export default function PointsItemForm({
  projectSn,
  editing,
  onCancel,
  onFinish,
}: {
  projectSn: string;
  /** null: closed. */
  editing: PointsItem | 'new' | null;
  onCancel: () => void;
  onFinish: (values: PointsItemValues) => Promise<boolean>;
}) {
  const shape = pointsItemFields.shape;
  return (
    <ModalForm<PointsItemValues>
      key={editing === 'new' ? 'new' : (editing?.actSn ?? 'none')}
      title={editing === 'new' ? '新建积分商品' : '编辑积分商品'}
      open={editing !== null}
      modalProps={{ destroyOnHidden: true, onCancel }}
      initialValues={
        editing && editing !== 'new'
          ? valuesOf(editing)
          : { integralType: 'MOBILE_INTEGRAL', cashYuan: 0, minIntegralType: '' }
      }
      onFinish={onFinish}
    >
      {editing === 'new' && (
        <ProFormSelect
          name="actSn"
          label="商品"
          showSearch
          rules={[{ required: true, message: POINTS_ITEM_MESSAGES.actSn }]}
          request={async () =>
            (await listItems({ projectSn: projectSn }))
              .filter((r) => r.actType !== 'INTEGRAL' && r.state !== 'ARCHIVED')
              .map((r) => ({ value: r.actSn, label: r.actName }))
          }
        />
      )}
      <ProFormSelect
        name="integralType"
        label="积分类型"
        options={CARRIERS}
        // '' is a carrier here (plain 积分), not an empty input, so zodRule's ''-is-missing does not apply.
        rules={[
          {
            validator: async (_r: unknown, value: unknown) => {
              const problem = zodMessage(shape.integralType, value);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      />
      <ProFormDigit name="points" label="积分" fieldProps={{ precision: 0 }} rules={[zodRule(shape.points)]} />
      <ProFormDigit
        name="cashYuan"
        label="现金部分（元）"
        min={0}
        fieldProps={{ step: 0.01 }}
        rules={[
          {
            validator: async (_r: unknown, value: number | null) => {
              const problem = zodMessage(shape.cashAmount, fenOfYuan(value));
              if (problem) throw new Error(problem);
            },
          },
        ]}
      />
      <ProFormDigit
        name="maxIntegral"
        label="单笔最高可用积分（0为不限）"
        fieldProps={{ precision: 0 }}
        rules={[zodRule(shape.maxIntegral)]}
      />
      <PointsPackageFields />
    </ModalForm>
  );
}
