import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import layout from './scripts/eslint/boundaries.js';

// i18next and react-i18next were replaced by common/translator.ts (docs/decisions.md).
const NO_I18NEXT = ['i18next', 'react-i18next'].map((name) => ({
  name,
  message: 'Texts go through common/translator.ts; components use the hook of web/lib/use-translation.',
}));

export default tseslint.config(
  {
    ignores: [
      'build/',
      'data/',
      'node_modules/',
      '.react-router/',
      'server/db/migrations/',
      'e2e/screenshots/',
      'server/db/seed/reference/build/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, layout },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'layout/boundaries': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-imports': ['error', { paths: NO_I18NEXT }],
    },
  },
  {
    // Components translate through the hook, which shares one `t` per language and re-renders on a
    // change; only web/lib (the provider, the loaders) makes a Translator.
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NO_I18NEXT,
          patterns: [
            {
              group: ['**/common/translator', '**/common/translator.ts'],
              importNames: ['Translator'],
              allowTypeImports: true,
              message: 'Translate with useTranslation() from web/lib/use-translation.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
  },
);
