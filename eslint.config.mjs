// ESLint flat config: typescript-eslint's recommended rules, deliberately not the type-checked
// sets, so `npm run lint` stays fast (tsc --noEmit does the type checking).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const MONEY_IS_NOT_A_FLOAT = 'Money is never a float: use Money (big.js) or decimal strings.';

export default defineConfig(
  {
    ignores: ['dist/', 'node_modules/', 'coverage/', '**/*.cjs', 'jest.config.mjs', 'test/support/*.mjs'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // Flags constants read only inside decorators (e.g. a ParseUUIDPipe option); tsc catches real ones.
      'no-useless-assignment': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'parseFloat', message: MONEY_IS_NOT_A_FLOAT }],
      'no-restricted-properties': [
        'error',
        { object: 'Number', property: 'parseFloat', message: MONEY_IS_NOT_A_FLOAT },
        { object: 'globalThis', property: 'parseFloat', message: MONEY_IS_NOT_A_FLOAT },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', 'test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
