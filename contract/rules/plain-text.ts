/**
 * Texts the storefront draws as plain lines (agreements: user/agreement and the order's 《购买协议》 popup split the
 * text at line breaks and show each line as text). Markup there would show as literal tags, and the rich-text
 * sanitiser (rules/rich-text.ts) would strip or escape it, so a plain text must hold none: refused with a message
 * rather than silently changed.
 */

/** Something a browser would read as the start of a tag or comment: `<p`, `</`, `<!--`, `<?`. */
const TAG_START = /<[A-Za-z/!?]/;

export const PLAIN_TEXT_MESSAGES = {
  markup: '协议正文按纯文本逐行显示，不能包含 HTML 标签（如 <p>），换行请直接回车',
  control: '协议正文含有不可见的控制字符，请删除后再保存',
} as const;

/** Why `text` cannot be shown as plain lines, or null. */
export function plainTextProblem(text: string): string | null {
  if (TAG_START.test(text)) return PLAIN_TEXT_MESSAGES.markup;
  // Tabs and line breaks are layout; any other control character is invisible noise from a paste.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return PLAIN_TEXT_MESSAGES.control;
  return null;
}
