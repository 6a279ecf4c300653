/** Feedback form rules (§1): what must be filled before sending, in the words the server uses too. */
import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGES_MAX } from '@contract/constants-feedback';

export const FEEDBACK_TEXTS = {
  typeRequired: '请选择反馈类型',
  contentRequired: '请填写反馈内容',
  contentTooLong: `反馈内容不能超过${FEEDBACK_CONTENT_MAX}个字`,
  contactTooLong: `联系方式不能超过${FEEDBACK_CONTACT_MAX}个字`,
  tooManyImages: `最多上传${FEEDBACK_IMAGES_MAX}张图片`,
  sent: '提交成功，感谢您的反馈',
  placeholder: '请描述您遇到的问题或建议，我们会认真对待每一条反馈',
  contactPlaceholder: '手机号、邮箱或微信号（选填）',
} as const;

export interface FeedbackDraft {
  feedbackType: string;
  content: string;
  images: string[];
  contact: string;
}

/** The first problem of the draft, or null when it can be sent. */
export function feedbackProblem(draft: FeedbackDraft): string | null {
  if (!draft.feedbackType) return FEEDBACK_TEXTS.typeRequired;
  const content = draft.content.trim();
  if (!content) return FEEDBACK_TEXTS.contentRequired;
  if (content.length > FEEDBACK_CONTENT_MAX) return FEEDBACK_TEXTS.contentTooLong;
  if (draft.images.length > FEEDBACK_IMAGES_MAX) return FEEDBACK_TEXTS.tooManyImages;
  if (draft.contact.trim().length > FEEDBACK_CONTACT_MAX) return FEEDBACK_TEXTS.contactTooLong;
  return null;
}
