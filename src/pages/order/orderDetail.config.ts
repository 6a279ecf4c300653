// §2 custom navigation: no native bar on any target; the page draws the one page header (order-detail/nav-bar).
export default definePageConfig({
  navigationBarTitleText: '订单详情',
  navigationStyle: 'custom',
  enablePullDownRefresh: true,
});
