/** Mini-programs load every page from the package: nothing to wait for. Taro picks index.h5.ts on H5. */
export function watchPageLoads(): void {}
