export default defineAppConfig({
  pages: ['pages/entrance/entrance'],
  window: { navigationBarTitleText: '商城' },
});
