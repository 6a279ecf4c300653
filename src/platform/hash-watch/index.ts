/** Mini-programs have no address bar: nothing to watch. Taro picks index.h5.ts on H5. */
export function watchHash(): void {}
/** Mini-programs open pages by path, never by a typed address. */
export function sendUnknownAddressToError(): void {}
