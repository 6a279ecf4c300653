import { View } from '@tarojs/components';
import type { Address } from '@contract/address';
import './index.scss';

interface AddressCardProps {
  /** The address to show; null shows 新增收货地址. */
  address: Address | null;
  /** Shown on after-sale pages (§2). */
  afterSaleHint?: boolean;
  /** Opens the address list; without it the card is read-only (a placed order's address) and shows no 修改. */
  onEdit?: () => void;
  /** A heading inside the card (退货地址), so a page need not wrap the card in a card of its own. */
  title?: string;
  id?: string;
}

/** §2 address widget: consignee, telephone, full address, 修改; 新增收货地址 when empty. */
export default function AddressCard({ address, afterSaleHint, onEdit, title, id }: AddressCardProps) {
  if (!address) {
    return (
      <View className="sf-address sf-address--empty" id={id} onClick={onEdit}>
        <View className="sf-address__add">+ 新增收货地址</View>
      </View>
    );
  }
  return (
    <View className="sf-address" id={id} onClick={onEdit}>
      <View className="sf-address__main">
        {title ? <View className="sf-address__title">{title}</View> : null}
        <View className="sf-address__who">
          <View className="sf-address__name">{address.consigneeName}</View>
          <View className="sf-address__tel">{address.consigneeTelephone}</View>
        </View>
        <View className="sf-address__full">
          {address.fullAreaName} {address.fullAddress}
        </View>
        {afterSaleHint ? <View className="sf-address__hint">*退换的商品，可退换至以上地址</View> : null}
      </View>
      {onEdit ? <View className="sf-address__edit">修改</View> : null}
    </View>
  );
}
