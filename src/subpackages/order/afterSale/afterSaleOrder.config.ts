export default definePageConfig({ navigationBarTitleText: '售后服务', enablePullDownRefresh: true });
