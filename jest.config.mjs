// Jest runs in native-ESM mode because NestJS 12 ships ESM only (see docs/adr/0002-nestjs-12-jest-native-esm.md).
const transform = {
  '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/test/tsconfig.jest.json' }],
};
const common = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  transform,
  testEnvironment: 'node',
  // Sources import siblings as `./x.js` (module nodenext); Jest resolves the .ts file.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  rootDir: '.',
};

export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
      setupFilesAfterEnv: ['<rootDir>/test/support/record-bodies.ts'],
      globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
    },
  ],
  maxWorkers: 2,
  // Global (Jest ignores it per project): e2e tests poll real workers with their own deadlines.
  testTimeout: 60000,
};
