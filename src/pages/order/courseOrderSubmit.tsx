import { useRouter } from '@tarojs/taro';
import OrderSubmitScreen from '../../components/order-submit';

/**
 * §2 course order submit (query targetSn, packageSn chosen on the detail; thirdEnum PAGE_HUIMIN_COURSE_SUBMIT switches
 * the entrance; orderLink: a single-use order link's token, which fixes the item, package and price).
 */
export default function CourseOrderSubmit() {
  const { params } = useRouter();
  return (
    <OrderSubmitScreen
      kind="course"
      targetSn={String(params.targetSn || '')}
      thirdEnum={String(params.thirdEnum || '')}
      packageSn={String(params.packageSn || '')}
      orderLink={String(params.orderLink || '')}
    />
  );
}
