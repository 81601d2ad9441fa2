import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const APPS_APART = {
  regex: '(^|/)(shell|visitor-flow|admin-console|copy-editor)/src',
  message: 'Apps talk through Module Federation and @concert/shared, never by importing each other.',
};
const ONE_ROUTER = {
  name: 'react-router',
  message: "Routing comes from '@concert/shared/router', the one router the apps share (another would not see the shell's <BrowserRouter>).",
};
const FEATURES_APART = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/',
  message: 'A feature must not import another feature; move shared code to src/components or src/lib.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx', '**/use-*.ts', 'shared/src/browser/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Import direction (ARCHITECTURE.md): no feature imports another feature; apps never import each other.
    files: [`*/src/**/*.{ts,tsx}`],
    ignores: ['backend/**', 'shared/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [ONE_ROUTER], patterns: [APPS_APART] }] },
  },
  {
    files: [`*/src/features/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { paths: [ONE_ROUTER], patterns: [APPS_APART, FEATURES_APART] }] },
  },
  {
    // Query files are plain SQL functions: no Koa in them.
    files: ['backend/src/**/queries.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ['koa', '@koa/router'] }] },
  },
  {
    // The backend never imports browser code.
    files: ['backend/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ['@concert/shared/browser', 'react', 'jotai'] }] },
  },
  {
    files: ['**/*.test.ts', 'backend/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
