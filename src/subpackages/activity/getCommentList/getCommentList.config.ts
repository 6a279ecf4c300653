export default definePageConfig({ navigationBarTitleText: '全部评价', enablePullDownRefresh: true });
