/** Callers import `./canvas`; Taro picks the target's file. TypeScript and jest see the H5 one. */
export { createPosterCanvas } from './canvas.h5';
