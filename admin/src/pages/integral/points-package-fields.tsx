/**
 * The points item form's §3 Integral package settings beyond carrier and limit: the carrier a plain 积分 item is
 * narrowed to (minIntegralType, which cards, detail and the points order price in) and its preview link
 * (actPreviewUrl). bindPhone and bindPoint are not here: they are each customer's own bound phone and points
 * (the 积分查询 binding), never the merchant's to set.
 */
import { ProFormSelect, ProFormText } from '@ant-design/pro-components';
import type { FormRule } from 'antd';
import { minCarrierProblem, POINTS_CARRIER_TEXT, POINTS_MIN_CARRIERS, pointsItemFields } from '@contract/ops-integral';
import { zodRule } from '../../forms/zod-rule';

const MIN_CARRIERS = [
  { value: '', label: '不限定（按积分类型）' },
  ...POINTS_MIN_CARRIERS.map((value) => ({ value, label: POINTS_CARRIER_TEXT[value] })),
];

/** The server's cross-check, here too: a carrier item may only be narrowed to itself. */
const matchesCarrier: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: string | null | undefined) => {
    const problem = minCarrierProblem({ integralType: getFieldValue('integralType') ?? '', minIntegralType: value });
    if (problem) throw new Error(problem);
  },
});

export default function PointsPackageFields() {
  const shape = pointsItemFields.shape;
  return (
    <>
      <ProFormSelect
        name="minIntegralType"
        label="限定积分类型"
        tooltip="积分类型为「积分」时，可限定只收一种运营商积分；商品卡片、详情和积分下单都按它计价"
        options={MIN_CARRIERS}
        dependencies={['integralType']}
        rules={[zodRule(shape.minIntegralType), matchesCarrier]}
      />
      <ProFormText
        name="actPreviewUrl"
        label="预览链接"
        placeholder="https://… 或 /#/pages/…，可不填"
        rules={[zodRule(shape.actPreviewUrl)]}
      />
    </>
  );
}
