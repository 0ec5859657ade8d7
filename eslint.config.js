import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { i18nLint } from './eslint.i18n.js'

// The house's import boundaries (STYLE.md) are checked by dependency-cruiser, not here:
// .dependency-cruiser.cjs, run by `npm run lint` after eslint.
export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      'src/routeTree.gen.ts',
      'coverage',
      'test-results',
      'playwright-report',
      '.tmp',
      'tests/fixtures/boundaries',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  i18nLint,
)
