/**
 * The demo catalogue every project gets a copy of (actSn prefixed by the project). Prices are fen.
 * Each column has more than four online items so that the home page shows "more" and the list pages.
 */
export type ActType = 'ACTIVITY' | 'COURSE' | 'GOODS' | 'INTEGRAL';

export interface CatalogueItem {
  key: string;
  actName: string;
  actType: ActType;
  cover: string;
  price: number;
  originalPrice: number | null;
  tags: string[];
  sales: number;
  status?: 'OFFLINE';
}

const img = (name: string) => `/static/images/${name}.svg`;

const courses: Array<[string, number, number | null, string[]]> = [
  // Tags say what the detail's tag strip derives from the order config (套餐, 定金+尾款, 分N期, 含N个课程).
  ['成人高考专升本辅导', 298000, 398000, ['套餐', '分6期', '含3个课程']],
  ['会计初级职称全程班', 168000, 228000, ['定金+尾款']],
  ['教师资格证笔试面试通关班', 139900, 199900, ['套餐', '含2个课程']],
  ['一级建造师精讲班', 458000, 598000, ['分3期']],
  ['人力资源管理师三级认证课', 199000, null, []],
  ['健康管理师考证班', 259000, 299000, ['分6期']],
  ['英语四六级冲刺营', 39900, 59900, []],
  ['普通话水平测试培训', 29900, null, []],
];

const activities: Array<[string, number, number | null, string[]]> = [
  ['周末亲子烘焙体验课', 8800, 12800, ['亲子']],
  ['城市夜跑打卡活动', 0, null, ['免费']],
  ['非遗剪纸手作工坊', 6800, null, []],
  ['春季读书分享会', 1990, null, []],
  ['花艺插花体验课', 12800, 16800, []],
  ['户外露营一日游', 19900, 25900, ['限时优惠']],
  ['城市摄影采风活动', 4900, null, []],
  ['瑜伽体验周卡', 9900, 19900, []],
];

const goods: Array<[string, number, number | null, string[]]> = [
  ['考试专用文具套装', 2990, 3990, ['包邮']],
  ['备考笔记本三件套', 1990, null, []],
  ['护眼LED台灯', 15900, 19900, ['包邮']],
  ['不锈钢保温杯', 6900, null, []],
  ['帆布托特包', 3900, null, []],
  ['降噪睡眠耳塞', 1290, null, []],
];

const integral: Array<[string, number, number | null, string[]]> = [
  ['视频会员月卡兑换', 1500, 2500, ['移动积分']],
  ['10元话费充值券', 1000, null, ['联通积分']],
  ['咖啡饮品兑换券', 1800, 3200, ['积分']],
  ['2GB流量包兑换', 800, null, ['移动积分']],
  ['电影票代金券', 2000, 3500, ['联通积分']],
  ['外卖满减红包', 500, null, ['积分']],
];

function build(type: ActType, prefix: string, rows: typeof courses, salesBase: number): CatalogueItem[] {
  return rows.map(([actName, price, originalPrice, tags], i) => ({
    key: `${prefix}-${String(i + 1).padStart(2, '0')}`,
    actName,
    actType: type,
    cover: img(`${prefix}-${String(i + 1).padStart(2, '0')}`),
    price,
    originalPrice,
    tags,
    // Deterministic, varied sales figures so that sorting by sales is stable in tests.
    sales: salesBase + ((i * 37) % 11) * 13 + i,
  }));
}

export const CATALOGUE = {
  courses: [
    ...build('COURSE', 'course', courses, 300),
    // An offline course in the course column proves that offline items are never listed.
    {
      key: 'course-09',
      actName: '自考本科汉语言文学（已下架）',
      actType: 'COURSE' as const,
      cover: img('course-09'),
      price: 328000,
      originalPrice: null,
      tags: [],
      sales: 999,
      status: 'OFFLINE' as const,
    },
  ],
  activities: build('ACTIVITY', 'activity', activities, 120),
  goods: build('GOODS', 'goods', goods, 500),
  integral: build('INTEGRAL', 'integral', integral, 80),
};
