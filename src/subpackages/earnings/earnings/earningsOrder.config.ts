export default definePageConfig({ navigationBarTitleText: '推广订单', enablePullDownRefresh: true });
