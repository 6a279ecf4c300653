/** The error and notice texts of §8, verbatim, so that every screen says the same thing. */
export const MESSAGES = {
  offline: '当前网络不可用，请检查网络设置',
  emptyResponse: '请求失败，稍后再试哦~',
  /** §8 gives no time-out text; this follows the empty-response wording. */
  timeout: '请求超时，请稍后再试哦~',
  sessionExpired: '登录已失效，请重新登录',
  shareUnsupported: '当前页面暂不支持分享',
  emptyData: '暂无数据',
  copySuccess: '复制成功',
  emptyContent: '内容为空',
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的11位手机号',
  phonePlaceholder: '请输入11位手机号码',
  codeRequired: '请输入验证码',
  codeInvalid: '请输入6位数字验证码',
  pageNotBuilt: '该页面暂未开放',
  entranceFailed: '进入失败，请稍后重试',
} as const;

/** §9 toast duration. */
export const TOAST_MS = 1500;
