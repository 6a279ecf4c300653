export default definePageConfig({
  navigationBarTitleText: '活动详情',
  enablePullDownRefresh: true,
  enableShareAppMessage: true,
});
