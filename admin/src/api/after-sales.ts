/** 售后处理: a project's after-sale applications, the merchant's decisions, and a course change (/ops/after-sales). */
import type { z } from 'zod';
import type {
  CourseChangeOptions,
  CourseChangeResult,
  courseChangeBody,
  OpsAfterSale,
  opsAfterSaleList,
} from '@contract/after-sales';
import type { AfterSaleState } from '@contract/rules/after-sale';
import { call } from './client';

export type { CourseChangeOptions, CourseChangeResult, OpsAfterSale };
export type CourseChangeBody = z.input<typeof courseChangeBody>;

/** The decisions with no body but an optional note; 拒绝 (refuse) takes a reason instead. */
export type AfterSaleAction = 'agree' | 'return' | 'receive' | 'refund';

const path = (applicationNo: string) => `/ops/after-sales/${encodeURIComponent(applicationNo)}`;

export const listAfterSales = async (projectSn: string, state?: AfterSaleState) =>
  (await call<z.infer<typeof opsAfterSaleList>>('GET', '/ops/after-sales', { query: { projectSn, state } })).list;

export const getAfterSale = (applicationNo: string) => call<OpsAfterSale>('GET', path(applicationNo));

export const actOnAfterSale = (applicationNo: string, action: AfterSaleAction) =>
  call<OpsAfterSale>('POST', `${path(applicationNo)}/${action}`, { body: {} });

export const refuseAfterSale = (applicationNo: string, reason: string) =>
  call<OpsAfterSale>('POST', `${path(applicationNo)}/refuse`, { body: { reason } });

const orderPath = (orderNo: string) => `/ops/orders/${encodeURIComponent(orderNo)}`;

export const courseChangeOptions = (orderNo: string) =>
  call<CourseChangeOptions>('GET', `${orderPath(orderNo)}/course-change`);

export const changeCourse = (orderNo: string, body: CourseChangeBody) =>
  call<CourseChangeResult>('POST', `${orderPath(orderNo)}/change-course`, { body });
