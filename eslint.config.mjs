// ESLint flat config: typescript-eslint's recommended rules, plus exactly two type-checked rules,
// no-floating-promises and no-misused-promises, on src/, test/ and bench/. They need typed linting
// (parserOptions.project), which slows `npm run lint`, but a missing `await` inside UnitOfWork.run
// runs that query outside the AsyncLocalStorage database transaction, silently; nothing else
// catches it.
// The full type-checked sets stay off (tsc --noEmit does the type checking). Layout is Prettier's
// (`npm run lint` runs `prettier --check` first); eslint-config-prettier, last, turns off the
// stylistic rules that would argue with it.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier/flat';
import tseslint from 'typescript-eslint';

/**
 * The HTTP edge maps a request's snake_case fields to a use case's command once; the command and what it
 * carries are camelCase (docs/adr/0203-camel-case-commands-one-due-date-terms.md).
 */
const CAMEL_CASE_COMMAND = {
  selector: ':matches(TSInterfaceDeclaration, TSTypeAliasDeclaration)[id.name=/(Command|Input)$/] TSPropertySignature[key.name=/_/]',
  message: 'A command is camelCase: map the request field to it in infrastructure/http.',
};

const CONFIG_SLICE = {
  selector: "TSTypeAnnotation > TSTypeReference[typeName.name='AppConfig']",
  message: "Take a slice of the configuration: Pick<AppConfig, 'the' | 'keys' | 'used'>.",
};
const SAVE_THROUGH_THE_STORE = {
  selector:
    "CallExpression > MemberExpression[property.name='update'] > MemberExpression.object[object.type='ThisExpression'][property.name=/^(cashOuts|reversals|meds|charges)$/]",
  message:
    "Save a moved payment with its module's store (CashOutStore, ReversalStore, ChargeStore, MedRequestStore), which follows its statement line.",
};

const MONEY_IS_NOT_A_FLOAT = 'Money is never a float: use Money (big.js) or decimal strings.';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      '**/*.cjs',
      'jest.config.mjs',
      'test/support/*.mjs',
      // The typed client's build output, and its schema generated from openapi.json (`npm run client:generate`).
      'clients/typescript/dist/',
      'clients/typescript/src/schema.d.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // One program from tsconfig.json (it includes src/, test/, bench/, ormconfig.ts): less CPU and
    // memory here than `projectService: true`.
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // The typed client is its own program (its tsconfig: ESM, no decorators); same two rules.
    files: ['clients/typescript/**/*.ts'],
    languageOptions: {
      parserOptions: { project: './clients/typescript/tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'clients/typescript/**/*.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Plain JS (this file, scripts/) is in no tsconfig: no type information, no type-aware rules.
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
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
      // A module adds its events to the kernel's EventRegistry by declaration merging:
      // `interface EventRegistry extends CashOutEventDefinitions {}` (docs/adr/0200-events-at-home.md).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
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
    // Application and domain code take a slice of the configuration (Pick<AppConfig, ...>), never the whole
    // of it, so a use case's settings are visible in its signature (docs/architecture.md, "Layers").
    files: ['src/modules/*/application/**/*.ts', 'src/modules/*/domain/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.fakes.ts'],
    rules: { 'no-restricted-syntax': ['error', CONFIG_SLICE, CAMEL_CASE_COMMAND] },
  },
  {
    // A moved payment is saved only through its module's store, which follows its statement line too
    // (docs/adr/0199-statement-follows-the-payment.md): no use case updates a payment repository itself.
    // (A later block's no-restricted-syntax replaces an earlier one's for the same file: repeat the others.)
    files: ['src/modules/*/application/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.fakes.ts', '**/*-store.ts'],
    rules: { 'no-restricted-syntax': ['error', CONFIG_SLICE, CAMEL_CASE_COMMAND, SAVE_THROUGH_THE_STORE] },
  },
  {
    files: ['**/*.spec.ts', 'test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
