/**
 * Catalogue calls (§7 Activities): details, spec attributes, hot recommendations, share info, reviews,
 * product introduction, and the WeChat JS-SDK signature (user service, js/getJSSign).
 */
import type { ActivityDetail, Comment, JsSignInfo, ShareInfo } from '@contract/activity';
import type { Paged } from '@contract/common';
import type { ActivityCard } from '@contract/pages';
import type { Request } from './request';

export interface SpecAttr {
  name: string;
  value: string;
}

export interface CommentDraft {
  actSn: string;
  score: number;
  content: string;
  images?: string[];
}

export function createActivityApi(request: Request) {
  return {
    details: (actSn: string) =>
      request<ActivityDetail>({ url: '/front/v1/activity/details', method: 'GET', data: { actSn } }),
    specAttrs: (actSn: string) =>
      request<{ attrs: SpecAttr[] }>({ url: '/front/v1/activity/spec-attrs', method: 'GET', data: { actSn } }),
    hotRecommend: (actSn: string) =>
      request<{ list: ActivityCard[] }>({ url: '/front/v1/activity/hot-recommend', method: 'GET', data: { actSn } }),
    share: (actSn: string) => request<ShareInfo>({ url: '/front/v1/activity/share', method: 'GET', data: { actSn } }),
    comments: (actSn: string, page: number, perSize = 10) =>
      request<Paged<Comment>>({
        url: '/front/v1/activity/comment/list',
        method: 'GET',
        data: { actSn, page, perSize },
      }),
    publishComment: (draft: CommentDraft) =>
      request<{ commentId: string }>({
        url: '/front/v1/activity/comment/publish',
        data: { actSn: draft.actSn, score: draft.score, content: draft.content, images: draft.images || [] },
        loading: '提交中...',
      }),
    introduce: (actSn: string) =>
      request<{ content: string }>({
        url: `/front/v1/activity/product/introduce/${encodeURIComponent(actSn)}`,
        method: 'GET',
      }),
    jsSign: (projectSn: string, url: string) =>
      request<JsSignInfo>({ url: '/js/getJSSign', method: 'GET', service: 'user', data: { projectSn, url } }),
  };
}
