/** Feedback (§1 customer service and feedback, §7 /front/v1/feedback/submit): type, text, up to 6 images, contact. */
import { z } from 'zod';
import { signedFields } from './common';
import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGES_MAX, FEEDBACK_TYPES } from './constants-feedback';

export { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGES_MAX, FEEDBACK_TYPES };

export const feedbackSubmitBody = z.object({
  ...signedFields,
  feedbackType: z.enum(FEEDBACK_TYPES, { error: '请选择反馈类型' }),
  content: z
    .string({ error: '请填写反馈内容' })
    .trim()
    .min(1, '请填写反馈内容')
    .max(FEEDBACK_CONTENT_MAX, `反馈内容不能超过${FEEDBACK_CONTENT_MAX}个字`),
  images: z
    .array(z.string().max(512, '图片地址不正确'), { error: '图片格式不正确' })
    .max(FEEDBACK_IMAGES_MAX, `最多上传${FEEDBACK_IMAGES_MAX}张图片`)
    .default([]),
  contact: z.string().trim().max(FEEDBACK_CONTACT_MAX, `联系方式不能超过${FEEDBACK_CONTACT_MAX}个字`).optional(),
});
export type FeedbackSubmit = z.infer<typeof feedbackSubmitBody>;
export const feedbackSubmitInfo = z.object({ feedbackSn: z.string() });

export const FEEDBACK_STATUSES = ['PENDING', 'HANDLED'] as const;
export const FEEDBACK_STATUS_TEXT: Record<(typeof FEEDBACK_STATUSES)[number], string> = {
  PENDING: '待处理',
  HANDLED: '已处理',
};
export const opsFeedbackQuery = z.object({
  projectSn: z.string({ error: '缺少项目编号' }).trim().min(1, '缺少项目编号').max(64, '项目编号不正确'),
  status: z.enum(FEEDBACK_STATUSES, { error: '处理状态不正确' }).optional(),
});
export const opsFeedbackParams = z.object({
  feedbackSn: z.string({ error: '缺少反馈编号' }).trim().min(1, '缺少反馈编号').max(40, '反馈编号不正确'),
});
/** Marking a feedback handled: an optional note for the other operators (the customer never sees it). */
export const opsFeedbackHandleBody = z.object({
  note: z.string({ error: '处理备注格式不正确' }).trim().max(200, '处理备注不能超过200个字').default(''),
});
export type OpsFeedbackHandle = z.infer<typeof opsFeedbackHandleBody>;
export const opsFeedbackItem = z.object({
  feedbackSn: z.string(),
  userId: z.string(),
  phone: z.string().nullable(),
  feedbackType: z.string(),
  content: z.string(),
  images: z.array(z.string()),
  contact: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
  handleNote: z.string().nullable(),
});
export type OpsFeedback = z.infer<typeof opsFeedbackItem>;
export const opsFeedbackList = z.object({ list: z.array(opsFeedbackItem) });
