import { defineConfig, type UserConfigExport } from '@tarojs/cli';
import TsconfigPathsPlugin from 'tsconfig-paths-webpack-plugin';
import { apiBases } from './api-bases';
import { ChunkReportPlugin } from './chunk-report';
import { MINI_TERSER, miniOutputSize } from './mini-size';
import { PrecompressPlugin } from './precompress';
import { RoutePreloadPlugin } from './route-preload';
import { HashedIconPlugin } from './favicon';
import devConfig from './dev';
import prodConfig from './prod';

const target = process.env.TARO_ENV || 'h5';
/** API bases of the environment the build is for (§9; config/api-bases.ts has the table). */
const bases = apiBases(process.env, target);

/** contract/ lives outside src/, so it must be named to be compiled (signature.ts ships in the client). */
const contractDir = require('path').resolve(__dirname, '..', 'contract');
const compile = { include: [contractDir] };

/** The swiper library and what pulls it (Taro's swiper component, its image preview API). */
const SWIPER =
  /[\\/]node_modules[\\/](swiper[\\/]|@tarojs[\\/]components[\\/]dist[\\/]components[\\/]taro-swiper-core|@tarojs[\\/]taro-h5[\\/]dist[\\/]api[\\/]media[\\/]image[\\/]previewImage)/;

/** Date formatting: dayjs (and its plugins) and contract/rules/china-time, the one place times are formatted. */
const DATES = /[\\/](node_modules[\\/]dayjs[\\/]|contract[\\/]rules[\\/]china-time\.ts$)/;

/** The pages the first screen opens: "/" is the entrance, which enters the project and opens the home. */
const FIRST_SCREEN_PAGES = new Set(['./pages/entrance/entrance', './pages/index/index']);

interface ChunkLike {
  groupsIterable: Iterable<{ name?: string | null; origins?: { request?: string }[] }>;
}
/** splitChunks test: a module of a first-screen page (not swiper) that other pages use too. */
function firstScreenShared(
  m: { resource?: string },
  { chunkGraph }: { chunkGraph: { getModuleChunksIterable(m: unknown): Iterable<ChunkLike> } },
): boolean {
  if (SWIPER.test(m.resource ?? '')) return false;
  for (const chunk of chunkGraph.getModuleChunksIterable(m)) {
    for (const group of chunk.groupsIterable) {
      if (
        FIRST_SCREEN_PAGES.has(group.name ?? '') ||
        group.origins?.some((o) => FIRST_SCREEN_PAGES.has(o.request ?? ''))
      )
        return true;
    }
  }
  return false;
}

const sassOptions = { silenceDeprecations: ['legacy-js-api', 'import'] };
// TARO_OUTPUT_ROOT lets a second checkout-local build (e.g. a developer's manual check) not overwrite dist/.
const outputRoot = process.env.TARO_OUTPUT_ROOT ? `${process.env.TARO_OUTPUT_ROOT}/${target}` : `dist/${target}`;

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'storefront',
    date: '2026-11-22',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    outputRoot,
    plugins: [],
    defineConstants: {
      API_BASE: JSON.stringify(bases.main),
      USER_API_BASE: JSON.stringify(bases.user),
      AUTH_API_BASE: JSON.stringify(bases.auth),
      SIGN_KEY: JSON.stringify(process.env.TARO_APP_SIGN_KEY ?? 'storefront-demo-sign-key'),
      DEFAULT_PROJECT_SN: JSON.stringify(process.env.TARO_APP_PROJECT_SN ?? 'demo'),
      // WeChat's JS-SDK, added to the page only inside the WeChat browser (src/platform/share/jssdk.h5.ts).
      JWEIXIN_URL: JSON.stringify(process.env.TARO_APP_JWEIXIN_URL ?? 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js'),
    },
    // The H5's icon (src/index.html links it); browsers ask for /favicon.ico on every site, so it must exist.
    copy: {
      patterns: target === 'h5' ? [{ from: 'src/favicon.ico', to: `${outputRoot}/favicon.ico` }] : [],
      options: {},
    },
    // React on every target. Preact through preact/compat (Taro's 'preact' framework) was tried for H5:
    // 30 KB less JS on the wire (147 -> 117 KB br), but Lighthouse's total blocking time on home was higher in four
    // alternating pairs on a quiet machine (454-684 vs 355-487 ms; performance 78-85 vs 83-87), as Preact renders
    // inside the chunk's evaluation task; README *Benchmarks*.
    framework: 'react',
    compiler: 'webpack5',
    // Mini-programs: smaller output for the main package's 600 KB budget (config/mini-size.ts).
    terser: target === 'h5' ? undefined : MINI_TERSER,
    cache: { enable: false },
    alias: {
      '@contract': contractDir,
    },
    sass: {},
    mini: {
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: {
          enable: false,
          config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' },
        },
      },
      compile,
      // Our classes are prefixed per component, so CSS order across chunks does not matter.
      miniCssExtractPluginOption: { ignoreOrder: true },
      sassLoaderOption: { sassOptions },
      optimizeMainPackage: { enable: true },
      webpackChain(chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin);
        miniOutputSize(chain);
      },
    },
    h5: {
      publicPath: '/',
      staticDirectory: 'static',
      router: { mode: 'hash' },
      // §9: a page chunk not loaded in 120 s is a load error (platform/chunk-error shows it with a retry).
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
        chunkLoadTimeout: 120000,
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      compile,
      // taro-ui ships ES modules that import @tarojs/components; the H5 build must compile them (TOOLCHAIN.md).
      esnextModules: ['taro-ui'],
      sassLoaderOption: { sassOptions },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: {
          enable: false,
          config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' },
        },
      },
      webpackChain(chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin);
        // Every browser of the browserslist (iOS 11, Chrome 64) runs async functions, which webpack's runtime for
        // src/app.h5.tsx's top-level await uses; said here, webpack no longer warns that they may be missing.
        chain.output.merge({ environment: { asyncFunction: true } });
        // A shared detail link fetches its page's chunks (and the entrance's) beside the entry
        // (config/route-preload.ts).
        chain.plugin('route-preload').use(RoutePreloadPlugin, [
          ['/pages/activity/activityDetail', '/pages/activity/courseDetail'].map((path) => ({
            path,
            pages: [`.${path}`],
            withoutSession: ['./pages/entrance/entrance'],
          })),
        ]);
        // The page links its icon by a hashed name, cached, so the app's navigations do not ask for it again.
        chain
          .plugin('hashed-icon')
          .use(HashedIconPlugin, [require('path').resolve(__dirname, '..', 'src/favicon.ico')]);
        // .br / .gz next to each text asset, sent by the server's static plugin.
        chain.plugin('precompress').use(PrecompressPlugin);
        // Taro splits only the entry's chunks, so every page chunk carried its own copy of the React component
        // wrappers, tslib, mobx-react-lite, taro-ui's utils and our page shell: what the first screen's
        // pages (entrance, home) share with other pages goes to one chunk, loaded once.
        const split = chain.optimization.get('splitChunks');
        if (split) {
          chain.optimization.splitChunks({
            ...split,
            cacheGroups: {
              ...split.cacheGroups,
              pages: {
                name: 'pages-common',
                chunks: 'async',
                minChunks: 2,
                priority: 20,
                reuseExistingChunk: true,
                enforce: true,
                test: firstScreenShared,
              },
              // dayjs and the China-time rules, which two dozen later pages use to show dates, once in their own chunk
              // rather than a copy in each of those page chunks (the entry no longer carries them for everyone).
              dates: {
                name: 'dates',
                chunks: 'async',
                minChunks: 2,
                priority: 15,
                reuseExistingChunk: true,
                enforce: true,
                test: (m: { resource?: string }) => DATES.test(m.resource ?? ''),
              },
              // The swiper library (image preview, the mini-program-style Swiper) only for the pages that show one.
              swiper: {
                name: 'swiper',
                chunks: 'async',
                minChunks: 2,
                priority: 30,
                reuseExistingChunk: true,
                enforce: true,
                test: (m: { resource?: string }) => SWIPER.test(m.resource ?? ''),
              },
            },
          });
        }
        // CHUNK_REPORT=<file>: what each chunk holds and which pages load it (config/chunk-report.ts).
        if (process.env.CHUNK_REPORT) chain.plugin('chunk-report').use(ChunkReportPlugin, [process.env.CHUNK_REPORT]);
      },
    },
  };
  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig);
  return merge({}, baseConfig, prodConfig);
});
