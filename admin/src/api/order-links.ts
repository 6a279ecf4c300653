/** 下单链接: the courses a link may offer, the project's links, issuing one and voiding one (/ops/v1/order-links). */
import type { z } from 'zod';
import type {
  OpsOrderLink,
  opsOrderLinkBody,
  opsOrderLinkIssued,
  opsOrderLinkItems,
  opsOrderLinkList,
} from '@contract/order-link';
import { call } from './client';

export type OrderLink = OpsOrderLink;
export type OrderLinkIssued = z.infer<typeof opsOrderLinkIssued>;
export type OrderLinkItem = z.infer<typeof opsOrderLinkItems>['list'][number];
export type OrderLinkInput = z.input<typeof opsOrderLinkBody>;

export const listOrderLinks = async (projectSn: string) =>
  (await call<z.infer<typeof opsOrderLinkList>>('GET', '/ops/v1/order-links', { query: { projectSn } })).list;
export const orderLinkItems = async (projectSn: string) =>
  (await call<z.infer<typeof opsOrderLinkItems>>('GET', '/ops/v1/order-links/items', { query: { projectSn } })).list;
export const issueOrderLink = (body: OrderLinkInput) => call<OrderLinkIssued>('POST', '/ops/v1/order-links', { body });
export const voidOrderLink = (linkSn: string) =>
  call<OrderLink>('POST', `/ops/v1/order-links/${encodeURIComponent(linkSn)}/void`);
