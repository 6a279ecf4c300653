/**
 * Below a saved item's form: its reviews, the areas that may order it and its order rules, each saved on its own
 * (their own /ops routes), so they never mix with the form's 保存 and keep what was typed on a refusal.
 */
import { Card, Tabs } from 'antd';
import AreaRestrictionField from './area-restriction-field';
import OrderRulesTab from './order-rules-tab';
import ReviewsTab from './reviews-tab';

/** The extras of the item `actSn`; `readOnly` for a role that only reads or an archived item. */
export default function CatalogueExtras({ actSn, readOnly }: { actSn: string; readOnly: boolean }) {
  return (
    <Card style={{ marginTop: 16 }} className="sf-admin-catalogue-extras">
      <Tabs
        items={[
          { key: 'reviews', label: '评价', children: <ReviewsTab actSn={actSn} readOnly={readOnly} /> },
          { key: 'areas', label: '销售地区', children: <AreaRestrictionField actSn={actSn} readOnly={readOnly} /> },
          { key: 'rules', label: '报名信息与入户', children: <OrderRulesTab actSn={actSn} readOnly={readOnly} /> },
        ]}
      />
    </Card>
  );
}
