// TOOLCHAIN.md: set the platform, then load Taro once to break the router -> components -> taro-h5 cycle.
process.env.TARO_PLATFORM = 'web';
process.env.TARO_ENV = 'h5';
require('@tarojs/taro');
// The built app sets up pxTransform from config/index.ts (designWidth 750) before any page renders; taro-ui
// components (AtIcon's size) call it while rendering, so the tests set it up the same way.
require('@tarojs/taro').initPxTransform({
  designWidth: 750,
  deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
});
