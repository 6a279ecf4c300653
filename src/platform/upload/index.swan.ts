export { postObject } from './post.mini';
export * from './uploader';
export type { PickedImage, PostObject } from './types';
