export { postObject } from './post.h5';
export { takeChosenCount } from './chosen-count.h5';
export * from './uploader';
export type { PickedImage, PostObject } from './types';
