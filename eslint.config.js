// Lint: recommended rules for JS and TypeScript; layer boundaries are checked by test/layers.test.ts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', '.cache/', 'renderer/dist/', 'models/**/*.bin'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', performance: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/renderer/**'], message: 'only the renderer imports from renderer/' }] }],
    },
  },
  {
    files: ['renderer/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
