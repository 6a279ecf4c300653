export default definePageConfig({ navigationBarTitleText: '图文详情', enablePullDownRefresh: true });
