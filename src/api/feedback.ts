/** Feedback (§7 user service /front/v1/feedback/submit). */
import type { Request } from './request';

export interface FeedbackInput {
  feedbackType: string;
  content: string;
  images: string[];
  contact?: string;
}

export function createFeedbackApi(request: Request) {
  return {
    submit: (input: FeedbackInput) =>
      request<{ feedbackSn: string }>({
        url: '/front/v1/feedback/submit',
        service: 'user',
        data: { ...input },
        loading: '提交中...',
      }),
  };
}
