import { Image, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { SKU_CNT_MAX } from '@contract/constants';
import { formatMoney } from '@contract/rules/money';
import { assetUrl } from '../../api/asset';
import { imgAlt } from '../../platform/a11y';
import { toast } from '../../platform/ui';
import type { Confirmation } from '@contract/order';
import type { OrderDraft } from '../../stores/order-draft';
import QuantityStepper from '../quantity-stepper';

/**
 * What is ordered: the cover, the name with a package's courses and the price, the §2 gift courses (赠课, the
 * count when more than one) and, for goods, the quantity.
 */
function ItemCard({ draft, c }: { draft: OrderDraft; c: Confirmation }) {
  const item = c.orderCourseInfo;
  const gifts = c.giftCourseList;
  return (
    <View className="sf-submit__course">
      <View className="sf-submit__course-main">
        <Image
          className="sf-submit__cover"
          src={assetUrl(item.courseCover)}
          mode="aspectFill"
          {...imgAlt(item.courseName)}
        />
        <View className="sf-submit__course-body">
          <View className="sf-submit__course-name">{item.courseName}</View>
          {c.packageCourseList.length ? (
            <View className="sf-submit__package">
              {c.packageCourseList.map((p) => (
                <View key={p.courseSn}>· {p.courseName}</View>
              ))}
            </View>
          ) : null}
          <View className="sf-price">{formatMoney(c.confirmOrderAmount.totalAmount)}</View>
        </View>
      </View>
      {gifts.length ? (
        <View className="sf-submit__gifts">
          <View className="sf-submit__gifts-title">赠课{gifts.length > 1 ? `（${gifts.length}）` : ''}</View>
          {gifts.map((g) => (
            <View key={g.courseSn} className="sf-submit__gift">
              {g.courseName}
            </View>
          ))}
        </View>
      ) : null}
      {draft.kind === 'goods' ? (
        <QuantityStepper
          label="购买数量"
          value={draft.quantity}
          max={SKU_CNT_MAX}
          onChange={(n) => void draft.setQuantity(n).then((e) => e && toast(e))}
        />
      ) : null}
    </View>
  );
}

export default observer(ItemCard);
