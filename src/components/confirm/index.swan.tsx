export * from './mini';
export { default } from './mini';
