export { postObject } from './post.mini';
export { takeChosenCount } from './chosen-count.mini';
export * from './uploader';
export type { PickedImage, PostObject } from './types';
