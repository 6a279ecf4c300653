/**
 * The demo catalogue every project gets a copy of (actSn prefixed by the project), and the shelves each store adds
 * for its own type (PROJECT_SHELVES). Prices are fen; a points item's price is its points.
 * Each column has more than four online items so that the home page shows "more" and the list pages.
 */
import type { Art, Glyph, Palette } from './illustrations';

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
  /** Points items: the cash part besides the points, fen. */
  cash?: number;
  /** What its cover draws (seed/draw-images.ts). */
  art: Art;
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

/** The subject each base item's cover draws, by key. */
const BASE_ART: Record<string, [Glyph, Palette]> = {
  'course-01': ['cap', 'coral'],
  'course-02': ['calculator', 'blue'],
  'course-03': ['board', 'leaf'],
  'course-04': ['helmet', 'amber'],
  'course-05': ['people', 'violet'],
  'course-06': ['heart', 'rose'],
  'course-07': ['speech', 'indigo'],
  'course-08': ['mic', 'teal'],
  'course-09': ['book', 'slate'],
  'activity-01': ['cake', 'rose'],
  'activity-02': ['run', 'indigo'],
  'activity-03': ['scissors', 'coral'],
  'activity-04': ['book', 'amber'],
  'activity-05': ['flower', 'violet'],
  'activity-06': ['tent', 'leaf'],
  'activity-07': ['camera', 'slate'],
  'activity-08': ['yoga', 'teal'],
  'goods-01': ['pencil', 'sun'],
  'goods-02': ['notebook', 'blue'],
  'goods-03': ['lamp', 'amber'],
  'goods-04': ['bottle', 'teal'],
  'goods-05': ['bag', 'leaf'],
  'goods-06': ['moon', 'indigo'],
  'integral-01': ['play', 'violet'],
  'integral-02': ['phone', 'coral'],
  'integral-03': ['cup', 'amber'],
  'integral-04': ['signal', 'teal'],
  'integral-05': ['film', 'indigo'],
  'integral-06': ['redpacket', 'coral'],
};
const artOf = (key: string): Art => ({ glyph: BASE_ART[key][0], palette: BASE_ART[key][1] });

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
    art: artOf(`${prefix}-${String(i + 1).padStart(2, '0')}`),
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
      art: artOf('course-09'),
    },
  ],
  activities: build('ACTIVITY', 'activity', activities, 120),
  goods: build('GOODS', 'goods', goods, 500),
  integral: build('INTEGRAL', 'integral', integral, 80),
};

/** Every base item by key. */
export const BASE_ITEMS: readonly CatalogueItem[] = [
  ...CATALOGUE.courses,
  ...CATALOGUE.activities,
  ...CATALOGUE.goods,
  ...CATALOGUE.integral,
];

/** A shelf a store adds for its type: a column of its own items (keys unique across stores). */
export interface Shelf {
  key: string;
  title: string;
  items: CatalogueItem[];
}

type ShelfRow = [
  actName: string,
  price: number,
  originalPrice: number | null,
  tags: string[],
  glyph: Glyph,
  palette: Palette,
  cash?: number,
];

function shelf(key: string, title: string, type: ActType, salesBase: number, rows: ShelfRow[]): Shelf {
  return {
    key,
    title,
    items: rows.map(([actName, price, originalPrice, tags, glyph, palette, cash], i) => {
      const itemKey = `${key}-${String(i + 1).padStart(2, '0')}`;
      return {
        key: itemKey,
        actName,
        actType: type,
        cover: img(itemKey),
        price,
        originalPrice,
        tags,
        sales: salesBase + ((i * 29) % 7) * 17 + i,
        art: { glyph, palette },
        ...(cash === undefined ? {} : { cash }),
      };
    }),
  };
}

/**
 * What each store sells beyond the base catalogue, fitting its projectEnum (§1): the course store adds open classes
 * and textbooks, the points store physical gifts (points + cash) and member benefits, the sign-up centre events to
 * enrol in, the authentication store services for verified customers. The demo and Baidu stores are general stores.
 */
export const PROJECT_SHELVES: Readonly<Record<string, readonly Shelf[]>> = {
  course: [
    shelf('class', '免费公开课', 'ACTIVITY', 260, [
      ['会计实务免费公开课', 0, null, ['免费'], 'calculator', 'mint'],
      ['专升本备考直播答疑', 0, null, ['免费'], 'speech', 'teal'],
      ['教资面试模拟评讲', 2900, null, [], 'board', 'leaf'],
      ['职业规划一对一咨询', 4900, 9900, ['限时优惠'], 'compass', 'blue'],
      ['21天学习打卡挑战', 990, null, [], 'calendar', 'mint'],
    ]),
    shelf('book', '教材资料', 'GOODS', 410, [
      ['专升本复习教材（三科）', 12800, 15800, ['包邮'], 'book', 'mint'],
      ['会计初级历年真题汇编', 5900, null, [], 'notebook', 'teal'],
      ['教资笔试真题试卷', 4900, null, [], 'clipboard', 'leaf'],
      ['一建四科思维导图', 3900, null, [], 'compass', 'teal'],
      ['四六级高频词汇手册', 2990, null, ['包邮'], 'speech', 'mint'],
    ]),
  ],
  integral: [
    // Physical gifts take points and a cash part (the cashier collects the cash).
    shelf('gift', '实物好礼', 'INTEGRAL', 60, [
      ['不锈钢保温杯', 3000, null, ['积分+现金'], 'bottle', 'amber', 1990],
      ['蓝牙降噪耳机', 12000, null, ['积分+现金'], 'headphones', 'coral', 4900],
      ['晴雨两用折叠伞', 2500, null, ['积分+现金'], 'umbrella', 'rose', 990],
      ['护眼LED台灯', 6000, null, ['积分+现金'], 'lamp', 'amber', 2900],
      ['环保帆布购物袋', 800, null, ['积分'], 'bag', 'leaf', 0],
    ]),
    shelf('perk', '会员权益', 'INTEGRAL', 90, [
      ['视频会员季卡', 4000, null, ['积分'], 'play', 'violet'],
      ['30元话费充值券', 3000, null, ['移动积分'], 'phone', 'amber'],
      ['音乐会员月卡', 1200, null, ['积分'], 'headphones', 'rose'],
      ['5GB流量日包', 600, null, ['联通积分'], 'signal', 'teal'],
      ['超市购物卡50元', 5000, null, ['积分'], 'cart', 'coral'],
    ]),
  ],
  form: [
    shelf('signup', '正在报名', 'ACTIVITY', 150, [
      ['城市马拉松志愿者招募', 0, null, ['免费'], 'run', 'coral'],
      ['社区亲子运动会', 0, null, ['免费', '亲子'], 'medal', 'sun'],
      ['青少年书法比赛', 3000, null, [], 'pencil', 'indigo'],
      ['职业技能大赛（电工组）', 5000, null, [], 'certificate', 'blue'],
      ['社区义诊预约登记', 0, null, ['免费'], 'medical', 'teal'],
      ['暑期科学夏令营', 168000, 198000, ['限时优惠'], 'tent', 'leaf'],
    ]),
  ],
  auth: [
    shelf('verified', '认证专享', 'ACTIVITY', 180, [
      ['实名认证会员年卡', 9900, 19900, ['认证专享'], 'idcard', 'blue'],
      ['学历学位认证报告代办', 4900, null, [], 'certificate', 'indigo'],
      ['职业资格证书核验', 0, null, ['免费'], 'shield', 'blue'],
      ['认证用户专享体检套餐', 29900, 39900, ['认证专享'], 'medical', 'teal'],
      ['个人电子签名证书', 1990, null, [], 'stamp', 'slate'],
      ['征信报告解读服务', 2900, null, [], 'clipboard', 'violet'],
    ]),
  ],
};

/** Every shelf item of every store by key. */
export const SHELF_ITEMS: ReadonlyMap<string, CatalogueItem> = new Map(
  Object.values(PROJECT_SHELVES).flatMap((shelves) => shelves.flatMap((s) => s.items.map((i) => [i.key, i] as const))),
);

/** A store's whole catalogue: the base items and its own shelves. */
export function catalogueOf(projectSn: string): CatalogueItem[] {
  return [...BASE_ITEMS, ...(PROJECT_SHELVES[projectSn] ?? []).flatMap((s) => s.items)];
}
