/** The address tables (drizzle pg-core); money is integer fen, times timestamptz. */
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from '../../runtime/database/columns';
import { users } from '../user/schema';

export const addresses = pgTable(
  'addresses',
  {
    addressId: text('address_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.userId),
    provinceId: text('province_id').notNull(),
    cityId: text('city_id').notNull(),
    areaId: text('area_id').notNull(),
    fullAreaName: text('full_area_name').notNull(),
    consigneeName: text('consignee_name').notNull(),
    consigneeTelephone: text('consignee_telephone').notNull(),
    fullAddress: text('full_address').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);
