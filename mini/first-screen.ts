/**
 * What each page of app.json shows on its first screen, once it has loaded with the demo data. The smoke test
 * opens every route of the built app.json; a route missing here fails, so a new page (coupon, earnings, ...)
 * arrives with its line: who opens it, its query, and texts it always shows. Prefer a text that comes from the
 * server (a seed name, a module title) over static copy, so the line also proves the page's requests worked.
 */
import { CATALOGUE } from '../server/src/db/seed/catalogue';
import { DEMO_PROJECTS } from '../server/src/db/seed/projects';
import { seedReviews } from '../server/src/db/seed/catalogue-details';
import { DEMO_PHONE, DEMO_PROJECT, type Fixtures } from './fixtures';

/**
 * new: first launch, nothing stored. visitor: entered the demo project, not logged in. user: logged in by phone,
 * with an address and an unpaid order.
 */
export type SessionKind = 'new' | 'visitor' | 'user';

export interface FirstScreen {
  as: SessionKind;
  /** The page's query, as a link or a navigation gives it. */
  query?: (f: Fixtures) => Record<string, string>;
  /** Texts the page shows once loaded; each must appear in what it renders. */
  texts: (f: Fixtures) => string[];
  /** For pages whose first screen is not text (a web-view): an element attribute that must be rendered. */
  attribute?: (f: Fixtures) => { name: string; value: string };
}

const project = DEMO_PROJECTS.find((p) => p.projectSn === DEMO_PROJECT)!;
const actSn = (key: string) => `${DEMO_PROJECT}-${key}`;
const firstActivity = CATALOGUE.activities[0];
const firstCourse = CATALOGUE.courses[0];
const firstGoods = CATALOGUE.goods[0];
const maskedPhone = `${DEMO_PHONE.slice(0, 3)}****${DEMO_PHONE.slice(7)}`;
const WEB_PAGE = 'https://example.com/smoke';

export const FIRST_SCREENS: Record<string, FirstScreen> = {
  'pages/entrance/entrance': {
    as: 'new',
    query: () => ({ login: 'phone' }),
    texts: () => [project.name, '手机号登录'],
  },
  // Home tabs: module titles and notices of the demo layout (server/src/db/seed/index.ts).
  'pages/index/index': { as: 'visitor', texts: () => ['快捷入口', '热门活动', firstActivity.actName] },
  'pages/index/tabTwo': { as: 'visitor', texts: () => ['课程咨询时间：每天 9:00-21:00', '全部课程'] },
  'pages/index/tabThree': { as: 'visitor', texts: () => ['周末活动名额有限，报名从速', '好物推荐'] },
  'pages/index/tabFour': { as: 'visitor', texts: () => ['精选资讯', '2025年成人高考报名指南'] },
  'pages/center/center': { as: 'user', texts: () => [maskedPhone, '我的订单', '退出登录'] },
  'pages/index/indexCustom': {
    as: 'visitor',
    query: () => ({ targetSn: `${DEMO_PROJECT}-custom-1` }),
    texts: () => ['新人课程', '新人好物'],
  },
  'pages/error/error': {
    as: 'visitor',
    query: () => ({ reason: 'notFound' }),
    texts: () => ['页面不存在', '返回首页'],
  },
  'pages/order/courseOrderSubmit': {
    as: 'user',
    query: () => ({ targetSn: actSn('course-06') }),
    texts: () => [CATALOGUE.courses[5].actName],
  },
  'pages/order/orderSubmit': {
    as: 'user',
    query: () => ({ targetSn: actSn('goods-01') }),
    texts: () => [firstGoods.actName, '冒烟测试'],
  },
  'pages/order/orderList': { as: 'user', texts: (f) => ['全部', f.orderNo, CATALOGUE.courses[5].actName] },
  'pages/order/orderDetail': {
    as: 'user',
    query: (f) => ({ orderNo: f.orderNo }),
    // §2 custom navigation: the page draws its own bar, titled 订单详情.
    texts: (f) => ['订单详情', CATALOGUE.courses[5].actName, '待付款', f.orderNo],
  },
  'pages/index/indexSearch': {
    as: 'user',
    query: () => ({ keyword: '瑜伽' }),
    texts: () => ['共找到1个结果', '瑜伽体验周卡'],
  },
  'pages/activity/activityDetail': {
    as: 'visitor',
    query: () => ({ actSn: actSn(firstActivity.key) }),
    texts: () => [firstActivity.actName],
  },
  'pages/activity/courseDetail': {
    as: 'visitor',
    query: () => ({ actSn: actSn(firstCourse.key) }),
    texts: () => [firstCourse.actName],
  },
  'pages/thirdParty/webView': {
    as: 'user',
    query: () => ({ url: encodeURIComponent(WEB_PAGE) }),
    texts: () => [],
    attribute: () => ({ name: 'src', value: WEB_PAGE }),
  },
  'subpackages/activity/moreActivity/moreActivity': {
    as: 'user',
    query: () => ({ targetSn: `${DEMO_PROJECT}-col-act` }),
    texts: () => CATALOGUE.activities.slice(0, 3).map((a) => a.actName),
  },
  'subpackages/activity/getCommentList/getCommentList': {
    as: 'user',
    query: () => ({ actSn: actSn(firstActivity.key) }),
    texts: () => [
      firstActivity.actName,
      ...seedReviews({ actSn: actSn(firstActivity.key), projectSn: DEMO_PROJECT, cover: firstActivity.cover }).map(
        (r) => r.content,
      ),
    ],
  },
  'subpackages/user/address/deliveryAddress': {
    as: 'user',
    texts: (f) => [f.address.consigneeName, f.address.fullAddress],
  },
  'subpackages/user/address/addEditAddress': {
    as: 'user',
    query: (f) => ({ id: f.address.addressId, type: 'edit' }),
    texts: (f) => ['收货人', f.address.consigneeName, f.address.fullAddress],
  },
  'subpackages/user/thirdParty/customerService': { as: 'user', texts: () => ['联系客服', '400-800-8000'] },
  // The user area: seed texts from server/src/db/seed/forms.ts.
  'pages/collectForms/collectForms': {
    as: 'user',
    query: () => ({ formSn: `${DEMO_PROJECT}-form` }),
    texts: () => ['信息登记表', '身份证号', '留言', '提交'],
  },
  'subpackages/result/success/collectFormSuccess': { as: 'user', texts: () => ['提交成功', '返回首页'] },
  'subpackages/user/feedback/feedback': { as: 'user', texts: () => ['反馈类型', '功能异常', '提交反馈'] },
  'subpackages/user/user/agreement': { as: 'user', texts: () => ['用户服务协议', '隐私政策'] },
  'subpackages/user/huimin/huiminServer': { as: 'user', texts: () => ['信息登记', '联系客服', '意见反馈'] },
  'subpackages/user/drainage/drainageCode': { as: 'user', texts: () => ['关注示范商城', '复制链接'] },
  // §2 system pages: the demo night run's meeting point (seed/catalogue-details.ts) as the detail opens it,
  // and the chooser, which in a mini-program picks on the native map.
  'subpackages/system/openLocation/openLocation': {
    as: 'visitor',
    query: () => ({
      name: '海心沙亚运公园南门（集合点）',
      address: '广州市天河区临江大道3号',
      latitude: '23.115480',
      longitude: '113.324170',
    }),
    texts: () => ['海心沙亚运公园南门（集合点）', '广州市天河区临江大道3号', '计算与我的距离', '在地图中查看'],
  },
  'subpackages/system/chooseLocation/chooseLocation': { as: 'user', texts: () => ['在地图上选择', '地点名称', '确定'] },
  // Carrier points: both carriers with the §9 note; the carrier's authorisation page is a web-view.
  'subpackages/user/integral/integralQuery': {
    as: 'user',
    texts: () => ['中国移动', '中国联通', '积分查询可能会延迟，具体以移动官方积分余额为准'],
  },
  // The points order screen; the demo project sells no points items, so it shows the server's refusal.
  'subpackages/order/integral/integralOrder': {
    as: 'user',
    query: () => ({ actSn: actSn(firstGoods.key) }),
    texts: () => ['该商品不支持积分兑换', '返回'],
  },
  'subpackages/user/integral/carrierAuth': {
    as: 'user',
    query: () => ({ url: encodeURIComponent(WEB_PAGE) }),
    texts: () => [],
    attribute: () => ({ name: 'src', value: WEB_PAGE }),
  },
  'subpackages/user/thirdParty/richTextH5': {
    as: 'user',
    query: () => ({ context: encodeURIComponent('<p>冒烟测试的图文内容</p>') }),
    texts: () => ['冒烟测试的图文内容'],
  },
  'subpackages/order/order/ratifyAccord': {
    as: 'user',
    query: (f) => ({ orderNo: f.orderNo }),
    texts: () => ['课程购买协议', '同意并签署'],
  },
  // After-sales: the smoke user has no application, so the list is empty and the others say so.
  'subpackages/order/afterSale/afterSaleOrder': { as: 'user', texts: () => ['全部', '处理中', '暂无售后记录'] },
  'subpackages/order/afterSale/afterSaleApply': {
    as: 'user',
    query: () => ({ orderNo: 'NO-SUCH-ORDER' }),
    texts: () => ['订单不存在', '返回'],
  },
  'subpackages/order/afterSale/afterSaleDetail': {
    as: 'user',
    query: () => ({ applicationNo: 'AS0' }),
    texts: () => ['售后申请不存在', '重试'],
  },
  'subpackages/order/afterSale/afterSaleProgress': {
    as: 'user',
    query: () => ({ applicationNo: 'AS0' }),
    texts: () => ['售后申请不存在'],
  },
  'subpackages/order/afterSale/negotiationHistory': {
    as: 'user',
    query: () => ({ applicationNo: 'AS0' }),
    texts: () => ['售后申请不存在'],
  },
  'subpackages/order/logistics/logistics': {
    as: 'user',
    query: () => ({ carrierCode: 'SF', trackingNo: 'SF0' }),
    texts: () => ['物流信息不存在'],
  },
  'subpackages/order/logistics/writeLogistics': {
    as: 'user',
    query: () => ({ applicationNo: 'AS0' }),
    texts: () => ['售后申请不存在'],
  },
  // Coupons and cards: seed names from server/src/db/seed/coupons.ts and the demo gifts.
  'pages/coupon/couponDetails': {
    as: 'user',
    query: (f) => ({ voucherSn: f.usedVoucherSn }),
    texts: () => ['新人礼包体验券', '已使用', '复制', '卡券记录'],
  },
  'subpackages/activity/getCouponActive/getCouponActive': {
    as: 'user',
    query: () => ({ actSn: `${DEMO_PROJECT}-scan-1` }),
    texts: () => ['扫码领券·新人福利', '扫码立减30元', '已领完'],
  },
  // No canvas paints here: the page says 海报生成中... and then, its drawing failing, 海报生成失败，请重试 with 重新生成;
  // the item itself is only ever pixels on the poster.
  'subpackages/activity/sharePoster/sharePoster': {
    as: 'user',
    query: () => ({ actSn: actSn(firstActivity.key) }),
    texts: () => ['海报'],
  },
  'subpackages/activity/exchangeCenter/exchangeCenter': { as: 'user', texts: () => ['输入卡密兑换', '立即兑换'] },
  'subpackages/activity/exchangeDetail/exchangeDetail': { as: 'user', texts: () => ['请先输入卡密', '去兑换'] },
  'subpackages/coupon/discountCouponList/discountCouponList': {
    as: 'user',
    texts: () => ['未使用', '新人立减20元', '去使用'],
  },
  // Promoter earnings: the smoke user is not a promoter, so the pages show what a customer sees.
  'subpackages/earnings/earnings/myEarnings': { as: 'user', texts: () => ['您还不是推广员，暂无收益'] },
  'subpackages/earnings/earnings/earningsOrder': {
    as: 'user',
    texts: () => ['冻结中', '您还不是推广员，暂无收益功能'],
  },
  'subpackages/earnings/bank/earningsBank': { as: 'user', texts: () => ['添加银行卡', '您还不是推广员，暂无收益功能'] },
  'subpackages/earnings/bank/addEarningsBank': { as: 'user', texts: () => ['开户银行', '请选择开户银行'] },
  'subpackages/earnings/bank/chooseBank': { as: 'user', texts: () => ['中国工商银行', '招商银行'] },
  'subpackages/earnings/withdraw/withdraw': { as: 'user', texts: () => ['您还不是推广员，暂无收益功能'] },
  'subpackages/earnings/withdraw/withdrawRecord': { as: 'user', texts: () => ['您还不是推广员，暂无收益功能'] },
  'subpackages/earnings/withdraw/withdrawDetails': {
    as: 'user',
    query: () => ({ withdrawalNo: 'WD0' }),
    texts: () => ['您还不是推广员，暂无收益功能'],
  },
  'subpackages/earnings/authentication/authentication': { as: 'user', texts: () => ['真实姓名', '提交认证'] },
  'subpackages/earnings/authentication/authenticationDetails': {
    as: 'user',
    texts: () => ['您还不是推广员，暂无收益功能'],
  },
  'subpackages/coupon/couponHistory/couponHistory': { as: 'user', texts: () => ['已使用的10元券', '已过期的15元券'] },
  'subpackages/coupon/couponList/couponList': { as: 'user', texts: () => ['新人礼包体验券', '已退款', '复制'] },
  'subpackages/result/success/exchangeSuccess': { as: 'user', texts: () => ['兑换成功', '查看卡券'] },
  'subpackages/result/success/index': {
    as: 'user',
    query: (f) => ({ kind: 'signUp', orderNo: f.orderNo }),
    texts: () => ['报名成功', '查看订单', '返回首页'],
  },
  'subpackages/result/success/courseDetailSuccess': {
    as: 'user',
    query: (f) => ({ orderNo: f.orderNo }),
    texts: () => ['报名成功', '查看订单'],
  },
};
