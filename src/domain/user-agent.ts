/** The WeChat in-app browser identifies itself with MicroMessenger. */
export function isWechatBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/**
 * The phone's system as the session's device facts name it ('iOS', 'Android', else 'other'), read from the user
 * agent. HarmonyOS phones that present themselves as Android count as Android.
 */
export function systemOfUserAgent(userAgent: string): 'iOS' | 'Android' | 'other' {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'iOS';
  if (/Android/i.test(userAgent)) return 'Android';
  return 'other';
}
