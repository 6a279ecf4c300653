import type { UserConfigExport } from '@tarojs/cli';

/**
 * `npm run dev:h5` (the watch build on port 10086): on H5 the storefront calls the API on its own origin
 * (TARO_APP_API_BASE is '' there), which is the dev server's, so the dev server hands the API server's paths on to
 * it: the server `npm start` or `npm run server` runs (PORT 3000), or DEV_API_TARGET. The H5 pages themselves are
 * hash routes, so none of these paths is a page.
 */
const apiTarget = process.env.DEV_API_TARGET || 'http://localhost:3000';
// /storage: the server's own upload host (server/src/domains/upload/service.ts LOCAL_PREFIX).
const API_PATHS = ['/front', '/api', '/ops', '/sandbox', '/pay', '/payout', '/storage', '/static', '/docs'];

export default {
  logger: { quiet: false, stats: true },
  mini: {},
  h5: {
    devServer: {
      proxy: [{ context: API_PATHS, target: apiTarget }],
    },
  },
} satisfies UserConfigExport<'webpack5'>;
