// ESLint for the whole repository: rules that find defects, not taste (Prettier owns layout).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// `npm run lint:types` adds the rules that need type information: about five times the CPU of `npm run lint`.
const typed = process.env.LINT_TYPES === '1';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'data.first-start/**',
      '.swc/**',
      'shots/**',
      'lighthouse/**',
      'e2e/screenshots/**',
      'e2e/.tmp/**',
      'server/src/runtime/database/migrations/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      // Unused code is a defect; a leading underscore marks a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
      // Taste, or already enforced by the TypeScript compiler under `strict`.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      '@typescript-eslint/no-namespace': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Prettier wraps code at 120; what it cannot wrap (comments) is held to the same width. Strings, templates,
      // regular expressions and URLs are exempt: breaking a message or a test name would hide it from search.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
      '@typescript-eslint/triple-slash-reference': 'off',
    },
  },
  {
    // The storefront and its tests run in a browser-like host (H5, jsdom, the mini-program runtimes), as does
    // the operator console.
    files: ['src/**', '__tests__/**', 'types/**', 'admin/src/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.jest, wx: 'readonly', swan: 'readonly' } },
  },
  {
    files: ['src/**/*.{ts,tsx}', '__tests__/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Jest mocks must be in place before a module loads, so tests require() after jest.mock(); the mini-program
    // harness loads built bundles, and the Taro config loads plugins, the same way.
    files: ['__tests__/**', 'mini/**', 'config/**'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // CommonJS build and test config files.
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...(typed
    ? [
        {
          // Application code only: node:test's test() and describe() return promises that are meant to float.
          files: ['src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'contract/**/*.ts', 'scripts/**/*.ts', 'config/**/*.ts'],
          languageOptions: {
            parserOptions: {
              projectService: { allowDefaultProject: ['scripts/*.ts'] },
              tsconfigRootDir: import.meta.dirname,
            },
          },
          rules: {
            '@typescript-eslint/no-floating-promises': 'error',
            '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
          },
        },
      ]
    : []),
);
