export default definePageConfig({
  navigationBarTitleText: '课程详情',
  enablePullDownRefresh: true,
  enableShareAppMessage: true,
});
