import { useRouter } from '@tarojs/taro';
import OrderSubmitScreen from '../../components/order-submit';

/** §2 goods order submit (query targetSn). */
export default function OrderSubmit() {
  const { params } = useRouter();
  return <OrderSubmitScreen kind="goods" targetSn={String(params.targetSn || '')} />;
}
