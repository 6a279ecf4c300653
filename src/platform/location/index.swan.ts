/** Mini-program location: the native picker and map (mini.ts). */
import { createMiniLocation, taroMiniApi } from './mini';

export * from './types';

export const location = createMiniLocation(taroMiniApi);
