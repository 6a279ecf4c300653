/**
 * What an operator may set as a jump (§3 tab config entry, §4 jump enums, §2 page enums): each enum the storefront
 * resolves (src/domain/jump.ts) with its Chinese name and the kind of target it needs. Pure, so the console checks
 * a jump as it is typed and the server checks the same shape before it looks the target up in the project.
 */

/** What a jump's target is: a record of the project (checked to exist there by the server), a link, or nothing. */
export type JumpTargetKind =
  'none' | 'page' | 'activity' | 'course' | 'column' | 'claim' | 'form' | 'order' | 'application' | 'url' | 'outside';

export interface JumpEnumInfo {
  value: string;
  label: string;
  target: JumpTargetKind;
}

export const JUMP_ENUMS: readonly JumpEnumInfo[] = [
  { value: 'BANNER_NO_SKIP', label: '不跳转', target: 'none' },
  { value: 'IMAGE_TEXT_WINDOWS', label: '图文展示（不跳转）', target: 'none' },
  { value: 'IMAGE_TEXT_H5', label: 'H5 图文页（链接）', target: 'url' },
  { value: 'SKIP_OUTSIDE_APPLE', label: '外部小程序或链接', target: 'outside' },
  { value: 'CUSTOM_PAGE', label: '自定义页面', target: 'page' },
  { value: 'PAGE_ACT_DETAIL', label: '活动详情', target: 'activity' },
  { value: 'APP_HUIMIN_COURSE_DETAIL', label: '课程详情', target: 'course' },
  { value: 'PAGE_COURSE_DETAIL', label: '课程详情（页面）', target: 'course' },
  { value: 'UNIT_ACT_SPECIAL', label: '活动专题（栏目）', target: 'column' },
  { value: 'MORE_ACTIVITY', label: '更多活动（栏目）', target: 'column' },
  { value: 'SCAN_CODE_COLLECT_COUPONS', label: '扫码领券', target: 'claim' },
  { value: 'APPLE_INFO_COLLECTION_FORM', label: '信息收集表单', target: 'form' },
  { value: 'PAGE_ORDER_DETAIL', label: '订单详情', target: 'order' },
  { value: 'PAGE_AFTER_SALE_DETAIL', label: '售后详情', target: 'application' },
  { value: 'PAGE_INDEX', label: '首页', target: 'none' },
  { value: 'PERSONAL_CENTER', label: '个人中心', target: 'none' },
  { value: 'ORDER_LIST', label: '订单列表', target: 'none' },
  { value: 'CARD_SECRET_REDEEM', label: '卡密兑换', target: 'none' },
];

const BY_VALUE = new Map(JUMP_ENUMS.map((e) => [e.value, e]));

export const jumpEnumInfo = (value: string | null | undefined): JumpEnumInfo | undefined =>
  value ? BY_VALUE.get(value) : undefined;

/** What the picker asks for, per target kind (also the message when it is missing). */
export const JUMP_TARGET_PROMPTS: Record<Exclude<JumpTargetKind, 'none' | 'url' | 'outside'>, string> = {
  page: '请选择自定义页面',
  activity: '请选择活动',
  course: '请选择课程',
  column: '请选择栏目',
  claim: '请选择领券活动',
  form: '请选择表单',
  order: '请输入订单号',
  application: '请输入售后单号',
};

export const JUMP_MESSAGES = {
  enumMissing: '请选择跳转类型',
  enumUnknown: '不支持的跳转类型',
  urlMissing: '请输入跳转链接',
  urlBad: '请输入以 https:// 开头的有效链接，或以 / 开头的站内地址',
  outsideMissing: '请填写小程序 AppID 或跳转链接',
  appIdBad: '小程序 AppID 只能包含字母和数字',
  targetMissingIn: (kind: JumpTargetKind) =>
    kind in JUMP_TARGET_PROMPTS ? JUMP_TARGET_PROMPTS[kind as keyof typeof JUMP_TARGET_PROMPTS] : '请选择跳转目标',
  /** The server's answer when the target is not a record of the project. */
  targetGone: (label: string) => `所选${label}不存在或不属于本项目`,
} as const;

/** An https link with a host, or a path on this site (/static/pages/...), as IMAGE_TEXT_H5 opens it. */
export function isJumpUrl(text: string): boolean {
  const value = text.trim();
  if (/^\/(?!\/)[^\s"<>]*$/.test(value)) return true;
  if (!/^https:\/\/[^\s"<>]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !!url.hostname && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const APP_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface JumpInput {
  firstEnum?: string | null;
  targetSn?: string | null;
  url?: string | null;
  appId?: string | null;
}

export interface JumpProblem {
  /** The field the message belongs to, for the form to mark. */
  field: 'firstEnum' | 'targetSn' | 'url' | 'appId';
  message: string;
}

/** The first thing wrong with a jump's shape (enum known, target given, link valid), or null. */
export function jumpProblem(jump: JumpInput): JumpProblem | null {
  if (!jump.firstEnum) return { field: 'firstEnum', message: JUMP_MESSAGES.enumMissing };
  const info = jumpEnumInfo(jump.firstEnum);
  if (!info) return { field: 'firstEnum', message: JUMP_MESSAGES.enumUnknown };
  const url = jump.url?.trim() ?? '';
  const appId = jump.appId?.trim() ?? '';
  switch (info.target) {
    case 'none':
      return null;
    case 'url':
      if (!url) return { field: 'url', message: JUMP_MESSAGES.urlMissing };
      return isJumpUrl(url) ? null : { field: 'url', message: JUMP_MESSAGES.urlBad };
    case 'outside':
      if (!url && !appId) return { field: 'appId', message: JUMP_MESSAGES.outsideMissing };
      if (appId && !APP_ID.test(appId)) return { field: 'appId', message: JUMP_MESSAGES.appIdBad };
      // Beside an appId the url is a path inside that mini-program; alone it is a web link.
      if (!appId && !isJumpUrl(url)) return { field: 'url', message: JUMP_MESSAGES.urlBad };
      return null;
    default:
      return jump.targetSn?.trim() ? null : { field: 'targetSn', message: JUMP_MESSAGES.targetMissingIn(info.target) };
  }
}

/** The jump as stored: only the fields its enum uses, trimmed (a changed enum leaves no stale target behind). */
export function cleanJump<T extends JumpInput & { context?: string | null; thirdEnum?: string | null }>(
  jump: T,
): { firstEnum: string; targetSn?: string; url?: string; appId?: string; context?: string; thirdEnum?: string } {
  const info = jumpEnumInfo(jump.firstEnum);
  const firstEnum = jump.firstEnum ?? '';
  const t = (v: string | null | undefined) => v?.trim() || undefined;
  switch (info?.target) {
    case undefined:
    case 'none':
      return { firstEnum };
    case 'url':
      return { firstEnum, url: t(jump.url) };
    case 'outside':
      return { firstEnum, appId: t(jump.appId), url: t(jump.url) };
    default: {
      const third = t(jump.thirdEnum);
      return { firstEnum, targetSn: t(jump.targetSn), ...(third ? { thirdEnum: third } : {}) };
    }
  }
}
