/**
 * Mini-programs open a provider's page in the web-view page (platform/navigation followJump) and come back with
 * the back button: nothing leaves the app's history. Taro picks index.h5.ts on H5.
 */
export const SIGN_RETURN = {} as const;

export function leaveFor(_url: string): void {}

export function leaveForSigning(_url: string, _orderNo: string): void {}

export function returnFromSigning(_orderNo: string): boolean {
  return false;
}
