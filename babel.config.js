// babel-preset-taro options: https://docs.taro.zone/docs/next/babel-config
// `hot: false`: on H5 outside production the preset adds React Refresh's registrations ($RefreshReg$) to every
// module, whose runtime only the watch build's dev server brings. A one-off build with NODE_ENV=development (`npm
// start` from a shell that sets it) then stopped at the first page with "$RefreshReg$ is not defined". The watch
// build (`npm run dev:h5`) had no registrations in its scripts either way, so it behaves as before.
module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5', hot: false }]],
};
