// TOOLCHAIN.md: set the platform, then load Taro once to break the router -> components -> taro-h5 cycle.
process.env.TARO_PLATFORM = 'web';
process.env.TARO_ENV = 'h5';
require('@tarojs/taro');
