export default definePageConfig({ navigationBarTitleText: '历史优惠券', enablePullDownRefresh: true });
