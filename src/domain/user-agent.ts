/** The WeChat in-app browser identifies itself with MicroMessenger. */
export function isWechatBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}
