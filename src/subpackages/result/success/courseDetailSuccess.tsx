import { View } from '@tarojs/components';
import { useLoad, useRouter } from '@tarojs/taro';
import { useState } from 'react';
import type { OrderDetail } from '@contract/payment';
import PageShell from '../../../components/page-shell';
import SubscribeButton from '../../../components/subscribe-button';
import { ROUTES } from '../../../domain/routes';
import { openPage, switchToTab } from '../../../platform/navigation';
import { useStores } from '../../../stores';
import './courseDetailSuccess.scss';

/**
 * §2 result page after a course is paid for in full: what happens next, and the way to the order. The course it
 * names comes from the course order's details (§7 v2 course order details); without them the page still says
 * what happened.
 */
export default function CourseDetailSuccess() {
  const { params } = useRouter();
  const { api } = useStores();
  const orderNo = String(params.orderNo || '');
  const [order, setOrder] = useState<OrderDetail | null>(null);

  useLoad(() => {
    if (orderNo) void api.order.courseDetail(orderNo).then(setOrder, () => undefined);
  });

  return (
    <PageShell className="sf-result">
      <View className="sf-result__icon">✓</View>
      <View className="sf-result__title">报名成功</View>
      {order ? (
        <View className="sf-result__text" id="result-course">
          {order.courseName}
        </View>
      ) : null}
      <View className="sf-result__text">课程已开通，请留意短信通知；如需帮助请联系客服。</View>
      {orderNo ? (
        // On Baidu this tap is also the subscribe form's submit: the permission for the order's next notices.
        <SubscribeButton
          moment="afterPay"
          className="sf-btn sf-result__btn"
          onTap={() => void openPage(ROUTES.orderDetail, { orderNo }, 'replace')}
        >
          查看订单
        </SubscribeButton>
      ) : null}
      <View className="sf-btn is-ghost sf-result__btn" onClick={() => void switchToTab(0)}>
        返回首页
      </View>
    </PageShell>
  );
}
