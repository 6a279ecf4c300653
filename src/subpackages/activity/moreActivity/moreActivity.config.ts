export default definePageConfig({ navigationBarTitleText: '更多活动', enablePullDownRefresh: true });
