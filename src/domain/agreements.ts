/**
 * The agreements a visitor can read before logging in (user/agreement, seeded on the server), and the 《…》 names
 * in a notice that open them: the login notice says 登录即表示您已阅读并同意《用户协议》和《隐私政策》.
 */
export const USER_AGREEMENTS = [
  { agreementSn: 'user-agreement', title: '用户协议' },
  { agreementSn: 'privacy-policy', title: '隐私政策' },
] as const;

export type NoticePart = { text: string; agreementSn?: string };

/**
 * A notice cut into plain text and the 《…》 names of the agreements above, which become links. A name with no
 * agreement behind it (《积分兑换规则》) stays text rather than a link that opens nothing.
 */
export function noticeParts(text: string): NoticePart[] {
  const parts: NoticePart[] = [];
  let rest = 0;
  for (const m of text.matchAll(/《([^《》]+)》/g)) {
    const agreement = USER_AGREEMENTS.find((a) => a.title === m[1]);
    if (!agreement) continue;
    const at = m.index ?? 0;
    if (at > rest) parts.push({ text: text.slice(rest, at) });
    parts.push({ text: m[0], agreementSn: agreement.agreementSn });
    rest = at + m[0].length;
  }
  if (rest < text.length) parts.push({ text: text.slice(rest) });
  return parts;
}
