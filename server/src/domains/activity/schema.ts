/**
 * Catalogue extras: what the detail pages show beyond the card (stored in activities.detail), reviews of
 * catalogue items (§7 comment list / publish) and the cached WeChat JS-SDK ticket.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../runtime/database/columns';
import { projects } from '../entrance/schema';
import { columns } from '../pages/schema';
import { users } from '../user/schema';

export const activities = pgTable(
  'activities',
  {
    actSn: text('act_sn').primaryKey(),
    projectSn: text('project_sn')
      .notNull()
      .references(() => projects.projectSn),
    actName: text('act_name').notNull(),
    /** ACTIVITY | COURSE | GOODS | INTEGRAL */
    actType: text('act_type').notNull(),
    cover: text('cover').notNull(),
    /** Lowest price, fen. */
    price: integer('price').notNull(),
    originalPrice: integer('original_price'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    sales: integer('sales').notNull().default(0),
    /** Units the merchant offers in all (sold ones included); null = unlimited. Left to sell: stock - sold. */
    stock: integer('stock'),
    /** Units held by live orders (unpaid or paid); a cancelled or expired unpaid order gives its unit back. */
    sold: integer('sold').notNull().default(0),
    /** ONLINE | OFFLINE: offline items are never listed. */
    status: text('status').notNull().default('ONLINE'),
    /** Richer detail-page fields (packages, schedules, introduction) that later issues define. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('activities_project_idx').on(t.projectSn, t.status),
    // The database itself refuses an order beyond the stock, whatever the code above it does.
    check('activities_stock_ck', sql`${t.sold} >= 0 AND (${t.stock} IS NULL OR ${t.sold} <= ${t.stock})`),
  ],
);

export const columnActivities = pgTable(
  'column_activities',
  {
    columnSn: text('column_sn')
      .notNull()
      .references(() => columns.columnSn),
    actSn: text('act_sn')
      .notNull()
      .references(() => activities.actSn),
    sort: integer('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.columnSn, t.actSn] }), index('column_activities_sort_idx').on(t.columnSn, t.sort)],
);

export const activityComments = pgTable(
  'activity_comments',
  {
    commentId: text('comment_id').primaryKey(),
    actSn: text('act_sn')
      .notNull()
      .references(() => activities.actSn),
    /** The writer; one review per customer and item. Null only on demo reviews seeded before reviewers existed. */
    userId: text('user_id').references(() => users.userId),
    /** Shown as written at publish time (a masked phone number for customers). */
    nickName: text('nick_name').notNull(),
    avatar: text('avatar'),
    score: integer('score').notNull(),
    /** Plain text, never HTML. */
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hidden by an operator: kept, but no longer listed or counted in the storefront. */
    hidden: boolean('hidden').notNull().default(false),
    /** The merchant's reply (plain text), shown under the review. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    index('activity_comments_act_idx').on(t.actSn, t.createdAt),
    uniqueIndex('activity_comments_user_idx').on(t.actSn, t.userId),
  ],
);

/**
 * The shape of activities.detail: display facts of an item. How it is ordered (pay type, schedule, packages, gift
 * courses, whether it can be ordered now) lives in order_configs, so the detail and the order never disagree.
 */
export interface ActivityExtras {
  /** Pictures of the detail's carousel (server paths under /static/ or https URLs). */
  images: string[];
  summary: string;
  /** Covers of the courses inside packages and of gift courses, by courseSn (order_configs has none). */
  courseCovers: Record<string, string>;
  adultExamination: {
    schoolName: string;
    majorLevelStr: string;
    majorName: string;
  } | null;
  /** Per-subject charge in fen and the number of subjects. */
  subjectCharge: number | null;
  subjectsNum: number | null;
  /** §3 refund tag map, 1..6. */
  refundTags: number[];
  /** §3 hold types: TRAILING_HOLD, TALENT_IN. */
  holdTypes: string[];
  specAttrs: { name: string; value: string }[];
  /** HTML; sanitised whenever it is served. */
  introduce: string;
  integralPackage: {
    integralType: 'MOBILE_INTEGRAL' | 'UNICOM_INTEGRAL' | '';
    bindPhone: string | null;
    bindPoint: number | null;
    minIntegralType: string | null;
    actPreviewUrl: string | null;
    maxIntegral: number;
  } | null;
  /** 活动时间 as the merchant writes it ("每周三 19:30 集合"): activities recur, so a text rather than dates. */
  schedule?: string | null;
  /** Where the activity takes place (GCJ-02), for the detail's place row and /open-location. */
  place?: {
    name: string;
    address: string;
    latitude: number;
    longitude: number;
  } | null;
  /**
   * The areas an operator let order the item (console 销售地区, 仅限所选地区): kept to show the choice again; the
   * order config's invalidAreas, which the order enforces, holds everything else.
   */
  allowedAreas?: { provinceId: string; cityId: string | null; name: string }[] | null;
  /** Set by the demo seed (seed/catalogue-details.ts) to the version that wrote this detail. */
  seedVersion?: number;
}
