/**
 * Feedback limits and types, with no zod: the storefront imports these values (contract/feedback.ts re-exports them).
 */
export const FEEDBACK_TYPES = ['功能异常', '体验问题', '产品建议', '其他'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_CONTENT_MAX = 500;
export const FEEDBACK_CONTACT_MAX = 50;
export const FEEDBACK_IMAGES_MAX = 6;
