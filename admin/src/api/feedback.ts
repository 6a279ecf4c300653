/** 意见反馈: a project's feedback by status, marking one handled, and the CSV export (/ops/feedback). */
import type { z } from 'zod';
import type { FEEDBACK_STATUSES, OpsFeedback, opsFeedbackList } from '@contract/feedback';
import { call } from './client';
import { downloadCsv } from './csv-download';

export type { OpsFeedback };
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const listFeedback = async (projectSn: string, status?: FeedbackStatus) =>
  (await call<z.infer<typeof opsFeedbackList>>('GET', '/ops/feedback', { query: { projectSn, status } })).list;

export const markFeedbackHandled = (feedbackSn: string, note: string) =>
  call<OpsFeedback>('POST', `/ops/feedback/${encodeURIComponent(feedbackSn)}/handle`, { body: { note } });

export const downloadFeedback = (token: string, projectSn: string, status?: FeedbackStatus) =>
  downloadCsv(token, '/ops/feedback.csv', { projectSn, status }, `feedback-${projectSn}.csv`);
