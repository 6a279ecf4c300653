/** Mini-programs have no address bar: nothing to watch. Taro picks index.h5.ts on H5. */
export function watchHash(): void {}
