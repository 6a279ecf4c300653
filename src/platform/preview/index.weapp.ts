/** Mini-programs: the native viewer, in the package; Taro picks index.h5.ts on H5. */
export { previewImages } from './open';
