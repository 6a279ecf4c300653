export default definePageConfig({ navigationBarTitleText: '订单详情', navigationStyle: 'custom', enablePullDownRefresh: true });
