export { createPosterCanvas } from './canvas-mini';
