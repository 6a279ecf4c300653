import type { UserConfigExport } from '@tarojs/cli';

export default {
  mini: {},
  // Source maps next to the H5 scripts (Lighthouse's valid-source-maps): a stack trace sent from a phone
  // can be read against the source. Browsers fetch a .map only when the developer tools are open.
  h5: { enableSourceMap: true, sourceMapType: 'source-map' },
} satisfies UserConfigExport<'webpack5'>;
