// Storefront tests (DESIGN.md §7): the Taro test-utils preset, extended per TOOLCHAIN.md.
const path = require('path');
const defineJestConfig = require('@tarojs/test-utils-react/dist/jest.js').default;
const preset = require('@tarojs/test-utils-react/dist/jest/initConfig.js').default;

const transformer = path.resolve(__dirname, 'node_modules/@tarojs/test-utils-react/dist/jest/babel-transformer.js');

module.exports = defineJestConfig({
  bail: 0,
  // Page tests boot the whole app and wait for conditions (harness WAIT_MS); a parallel run on a busy 2-core
  // machine makes a first render take seconds, so a test's own bound must exceed its longest wait.
  testTimeout: 60000,
  testMatch: ['<rootDir>/__tests__/**/*.test.{ts,tsx}'],
  setupFiles: [...preset.setupFiles, '<rootDir>/__tests__/setup.js'],
  transform: { '^.+\\.(js|jsx|ts|tsx|mjs|cjs)$': transformer },
  // Taro ships ESM inside node_modules (stencil, swiper): transform everything, as the preset does.
  transformIgnorePatterns: [],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json', 'jsx', 'mjs', 'cjs'],
  moduleNameMapper: {
    '\\.(css|scss|sass)$': '<rootDir>/__tests__/style-stub.js',
    '^@contract/(.*)$': '<rootDir>/contract/$1',
    '^@/(.*)$': '<rootDir>/src/$1',
  },
  globals: {
    API_BASE: '',
    USER_API_BASE: '',
    AUTH_API_BASE: '',
    SIGN_KEY: 'test-key',
    DEFAULT_PROJECT_SN: 'demo',
  },
});
