/** 访问控制: a project's blocks, blocking a project, page or customer, and lifting one (/ops/v1/access-blocks). */
import type { z } from 'zod';
import type { OpsAccessBlock, OpsAccessBlockCreate, opsAccessBlockList } from '@contract/access';
import { call } from './client';

export type AccessBlock = OpsAccessBlock;

export const listAccessBlocks = async (projectSn: string) =>
  (await call<z.infer<typeof opsAccessBlockList>>('GET', '/ops/v1/access-blocks', { query: { projectSn } })).list;
export const createAccessBlock = (body: OpsAccessBlockCreate) =>
  call<AccessBlock>('POST', '/ops/v1/access-blocks', { body });
export const liftAccessBlock = (blockSn: string) =>
  call<AccessBlock>('POST', `/ops/v1/access-blocks/${encodeURIComponent(blockSn)}/delete`);
