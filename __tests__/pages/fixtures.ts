import type { ActivityDetail, Comment } from '../../contract/activity';
import type { ActivityCard } from '../../contract/pages';

export const comment = (n: number, patch: Partial<Comment> = {}): Comment => ({
  commentId: `CM${n}`,
  nickName: `学员${n}`,
  avatar: null,
  score: 5,
  content: `第${n}条评价`,
  images: [],
  createdAt: '2026-10-01T08:00:00.000Z',
  ...patch,
});

export const card = (actSn: string, patch: Partial<ActivityCard> = {}): ActivityCard => ({
  actSn,
  actName: `推荐${actSn}`,
  cover: '/static/c.png',
  actType: 'COURSE',
  price: 9900,
  originalPrice: null,
  tags: [],
  sales: 3,
  ...patch,
});

/** A package course sold in 6 instalments, with every optional field filled. */
export const courseDetail = (patch: Partial<ActivityDetail> = {}): ActivityDetail => ({
  actSn: 'C1',
  actName: '成人高考专升本全程班',
  actType: 'COURSE',
  cover: '/static/c1.png',
  images: ['/static/c1-2.png'],
  price: 1280050,
  originalPrice: 1500000,
  sales: 42,
  summary: '两年制，线上学习',
  orderPayType: 3,
  installmentNum: 6,
  depositAmount: null,
  courseName: '专升本全程班',
  courseCover: null,
  courseAmount: 1280050,
  isPackage: true,
  packages: [
    {
      packageSn: 'P1',
      packageName: '基础套餐',
      price: 1280050,
      courses: [
        { courseSn: 'K1', courseName: '高等数学', courseCover: null, courseAmount: 300000 },
        { courseSn: 'K2', courseName: '大学英语', courseCover: null, courseAmount: 250000 },
      ],
    },
  ],
  giftCourses: [
    { courseSn: 'G1', courseName: '计算机基础', courseCover: null, courseAmount: 9900 },
    { courseSn: 'G2', courseName: '学习方法', courseCover: null, courseAmount: 4900 },
  ],
  adultExamination: { schoolName: '华南师范大学', majorLevelStr: '专升本', majorName: '汉语言文学' },
  subjectCharge: 30000,
  subjectsNum: 4,
  refundTags: [1, 3],
  holdTypes: ['TRAILING_HOLD', 'TALENT_IN'],
  hasProductIntroduce: true,
  integralPackage: null,
  commentSummary: { total: 12, goodRate: 96, latest: [comment(1), comment(2), comment(3), comment(4)] },
  orderEnabled: true,
  disabledReason: null,
  soldOut: false,
  canComment: false,
  ...patch,
});
