export default definePageConfig({ navigationBarTitleText: '我的', enablePullDownRefresh: false });
