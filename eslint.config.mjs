// Flat config: typescript-eslint's recommended rules (not type-checked, to keep lint fast).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '**/*.cjs', 'jest.config.mjs', 'test/support/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', fetch: 'readonly' } },
    rules: {
      // Reports constants used only inside decorators (e.g. a ParseUUIDPipe) as useless; tsc catches real ones.
      'no-useless-assignment': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      // Money is never a float: amounts stay in big.js (Money) or decimal strings.
      'no-restricted-globals': ['error', { name: 'parseFloat', message: 'Money must stay in big.js (Money), never a float.' }],
      'no-restricted-properties': ['error', { object: 'Number', property: 'parseFloat', message: 'Money must stay in big.js (Money).' }],
    },
  },
  {
    files: ['**/*.spec.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
