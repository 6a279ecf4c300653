export default definePageConfig({ navigationBarTitleText: '我的卡券', enablePullDownRefresh: true });
