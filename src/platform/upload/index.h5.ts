export { postObject } from './post.h5';
export * from './uploader';
export type { PickedImage, PostObject } from './types';
