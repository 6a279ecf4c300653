export default definePageConfig({ navigationBarTitleText: '更多', enablePullDownRefresh: true });
