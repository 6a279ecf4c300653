/** Delivery addresses of one user. Another user's address is never found (every query filters by userId). */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Address, AddressSave } from '@contract/address';
import { addresses } from './schema';
import { badRequest, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { fullAreaName } from './areas';

export const MAX_ADDRESSES = 20;
export const ADDRESS_MESSAGES = {
  notFound: '收货地址不存在',
  badArea: '所在地区有误',
  tooMany: `最多保存${MAX_ADDRESSES}个收货地址`,
} as const;

type Row = typeof addresses.$inferSelect;

export function toAddress(r: Row): Address {
  return {
    addressId: r.addressId,
    provinceId: r.provinceId,
    cityId: r.cityId,
    areaId: r.areaId,
    fullAreaName: r.fullAreaName,
    ids: [r.provinceId, r.cityId, r.areaId],
    consigneeName: r.consigneeName,
    consigneeTelephone: r.consigneeTelephone,
    fullAddress: r.fullAddress,
    isDefault: r.isDefault,
  };
}

/** The order addresses are listed in: the default first, then oldest first (the first is what an order starts with). */
export const DEFAULT_FIRST = [desc(addresses.isDefault), asc(addresses.createdAt)] as const;

export async function listAddresses(db: Db, userId: string): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(...DEFAULT_FIRST);
  return rows.map(toAddress);
}

export async function findAddress(db: Db, userId: string, addressId: string): Promise<Address | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.addressId, addressId)))
    .limit(1);
  return row ? toAddress(row) : null;
}

export async function defaultAddress(db: Db, userId: string): Promise<Address | null> {
  const list = await listAddresses(db, userId);
  return list[0] ?? null;
}

type SaveInput = Pick<
  AddressSave,
  | 'addressId'
  | 'consigneeName'
  | 'consigneeTelephone'
  | 'provinceId'
  | 'cityId'
  | 'areaId'
  | 'fullAddress'
  | 'isDefault'
>;

/** Create or update; a new default unsets the others in the same transaction; the first address is the default. */
export async function saveAddress(db: Db, userId: string, input: SaveInput): Promise<Address> {
  const areaName = fullAreaName(input.provinceId, input.cityId, input.areaId);
  if (!areaName) throw badRequest(ADDRESS_MESSAGES.badArea);
  return db.transaction(async (tx) => {
    const values = {
      provinceId: input.provinceId,
      cityId: input.cityId,
      areaId: input.areaId,
      fullAreaName: areaName,
      consigneeName: input.consigneeName,
      consigneeTelephone: input.consigneeTelephone,
      fullAddress: input.fullAddress,
    };
    let addressId = input.addressId;
    if (addressId) {
      const updated = await tx
        .update(addresses)
        .set(values)
        .where(and(eq(addresses.userId, userId), eq(addresses.addressId, addressId)))
        .returning({ addressId: addresses.addressId });
      if (!updated.length) throw notFound(ADDRESS_MESSAGES.notFound);
    } else {
      const [{ n }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
      if (n >= MAX_ADDRESSES) throw badRequest(ADDRESS_MESSAGES.tooMany);
      addressId = randomUUID();
      await tx.insert(addresses).values({ addressId, userId, ...values, isDefault: n === 0 });
    }
    if (input.isDefault) {
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), ne(addresses.addressId, addressId)));
      await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.addressId, addressId));
    }
    const [row] = await tx.select().from(addresses).where(eq(addresses.addressId, addressId));
    return toAddress(row);
  });
}

export async function deleteAddress(db: Db, userId: string, addressId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.addressId, addressId)))
      .returning({ isDefault: addresses.isDefault });
    if (!removed.length) throw notFound(ADDRESS_MESSAGES.notFound);
    if (removed[0].isDefault) {
      // Someone must stay the default, or the next order would start without an address.
      const [next] = await tx
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.createdAt))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.addressId, next.addressId));
    }
  });
}
