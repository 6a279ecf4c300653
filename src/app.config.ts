export default defineAppConfig({
  // The entrance comes first: "/" opens it (§2 root redirects to entrance).
  pages: [
    'pages/entrance/entrance',
    'pages/index/index',
    'pages/index/tabTwo',
    'pages/index/tabThree',
    'pages/index/tabFour',
    'pages/center/center',
    'pages/index/indexCustom',
    'pages/error/error',
    'pages/order/courseOrderSubmit',
    'pages/order/orderSubmit',
    'pages/order/orderList',
    'pages/order/orderDetail',
    'pages/index/indexSearch',
    'pages/thirdParty/webView',
    'pages/collectForms/collectForms',
    'pages/coupon/couponDetails',
  ],
  // Sub-packages follow the spec's split; each is declared as it gains pages.
  subPackages: [
    // The two detail pages keep their §2 paths: a sub-package rooted at their folder takes the detail screen, the
    // largest shared component, out of the WeChat main package.
    { root: 'pages/activity', pages: ['activityDetail', 'courseDetail'] },
    {
      root: 'subpackages/activity',
      pages: [
        'moreActivity/moreActivity',
        'getCommentList/getCommentList',
        'getCouponActive/getCouponActive',
        'exchangeCenter/exchangeCenter',
        'exchangeDetail/exchangeDetail',
        'sharePoster/sharePoster',
      ],
    },
    {
      root: 'subpackages/coupon',
      pages: ['discountCouponList/discountCouponList', 'couponHistory/couponHistory', 'couponList/couponList'],
    },
    {
      root: 'subpackages/user',
      pages: [
        'address/deliveryAddress',
        'address/addEditAddress',
        'thirdParty/customerService',
        'thirdParty/richTextH5',
        'feedback/feedback',
        'user/agreement',
        'huimin/huiminServer',
        'drainage/drainageCode',
        'integral/integralQuery',
        'integral/carrierAuth',
      ],
    },
    {
      root: 'subpackages/earnings',
      pages: [
        'earnings/myEarnings',
        'earnings/earningsOrder',
        'bank/earningsBank',
        'bank/addEarningsBank',
        'bank/chooseBank',
        'withdraw/withdraw',
        'withdraw/withdrawRecord',
        'withdraw/withdrawDetails',
        'authentication/authentication',
        'authentication/authenticationDetails',
      ],
    },
    {
      root: 'subpackages/order',
      pages: [
        'order/ratifyAccord',
        'afterSale/afterSaleOrder',
        'afterSale/afterSaleApply',
        'afterSale/afterSaleDetail',
        'afterSale/afterSaleProgress',
        'afterSale/negotiationHistory',
        'logistics/logistics',
        'logistics/writeLogistics',
        'integral/integralOrder',
      ],
    },
    {
      root: 'subpackages/result',
      pages: ['success/courseDetailSuccess', 'success/exchangeSuccess', 'success/index', 'success/collectFormSuccess'],
    },
    // §2 system pages /choose-location and /open-location.
    { root: 'subpackages/system', pages: ['chooseLocation/chooseLocation', 'openLocation/openLocation'] },
  ],
  // Mini-programs must declare the location calls of the system pages and say why location is asked (WeChat
  // refuses undeclared ones); H5 ignores both.
  requiredPrivateInfos: ['chooseLocation', 'getLocation'],
  permission: { 'scope.userLocation': { desc: '用于选择地点，以及计算你与活动地点的距离' } },
  // H5 only: no slide-in between pages. Taro's router hides the page left behind on a timer (animation duration +
  // delay) that showing the page again does not cancel, so a back tapped within ~350 ms of opening a page left
  // the previous page blank (display:none) for good; e2e caught it, and an impatient customer would too.
  ...(process.env.TARO_ENV === 'h5' ? { animation: false } : {}),
  window: {
    navigationBarTitleText: '商城',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTextStyle: 'black',
    backgroundColor: '#f5f5f5',
    backgroundTextStyle: 'dark',
  },
  tabBar: {
    color: '#666666',
    selectedColor: '#333333',
    backgroundColor: '#ffffff',
    borderStyle: 'black',
    // Titles are replaced at run time by the project's configured tab menu.
    list: [
      {
        pagePath: 'pages/index/index',
        text: '首页',
        iconPath: 'assets/tab/home.png',
        selectedIconPath: 'assets/tab/home-on.png',
      },
      {
        pagePath: 'pages/index/tabTwo',
        text: '课程',
        iconPath: 'assets/tab/two.png',
        selectedIconPath: 'assets/tab/two-on.png',
      },
      {
        pagePath: 'pages/index/tabThree',
        text: '活动',
        iconPath: 'assets/tab/three.png',
        selectedIconPath: 'assets/tab/three-on.png',
      },
      {
        pagePath: 'pages/index/tabFour',
        text: '发现',
        iconPath: 'assets/tab/four.png',
        selectedIconPath: 'assets/tab/four-on.png',
      },
      {
        pagePath: 'pages/center/center',
        text: '我的',
        iconPath: 'assets/tab/center.png',
        selectedIconPath: 'assets/tab/center-on.png',
      },
    ],
  },
});
