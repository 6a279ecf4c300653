export default definePageConfig({
  navigationBarTitleText: '专题',
  enablePullDownRefresh: true,
  enableShareAppMessage: true,
});
