/** Mini-programs load every page from the package: no chunks to fail. Taro picks index.h5.ts on H5. */
export function watchChunkErrors(): void {}
