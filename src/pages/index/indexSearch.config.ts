export default definePageConfig({ navigationBarTitleText: '搜索', enablePullDownRefresh: true });
