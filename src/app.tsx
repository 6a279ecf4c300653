/**
 * The app's root component on every target: mini-programs and tests import it from here. On H5 the entry
 * resolves `app` to app.h5.tsx, which evaluates app-root a task later (total blocking time).
 */
export { default } from './app-root';
