/**
 * Layering rules (STYLE.md): domain imports no framework and no outer layer; application never
 * imports infrastructure; a module uses another only through its application/ layer (and its Nest
 * module file); no import cycles. Run with `npm run layers` (scripts/layers.mjs: these rules, then a
 * check that no two modules depend on each other, however indirectly).
 *
 * Relative imports are written `./x.js` (module nodenext): dependency-cruiser retries an unresolved
 * `.js` as `.ts` by itself. Its schema rejects enhanced-resolve's `extensionAlias`, so don't add it.
 */

// src/modules/<m>/domain/, src/shared/domain/ and src/shared/<kernel>/domain/.
const DOMAIN = '^src/(modules/[^/]+|shared|shared/[^/]+)/domain/';

// Matched against the resolved path (node_modules/<pkg>/..., or @types/<pkg>) and, should a package
// not resolve, against its bare name.
const FRAMEWORK_PACKAGES = [
  '@nestjs/[^/]+', // includes @nestjs/bull, @nestjs/swagger, @nestjs/typeorm
  'typeorm',
  'bull',
  'pg',
  'ioredis',
  'express',
  'passport[^/]*',
  'class-validator',
  'class-transformer',
  // infrastructure libraries used by this service
  'nestjs-pino',
  'pino',
  'pino-http',
  'rate-limiter-flexible',
];
const FRAMEWORKS = `(^|node_modules/)(@types/)?(${FRAMEWORK_PACKAGES.join('|')})(/|$)`;

module.exports = {
  forbidden: [
    {
      name: 'domain-no-frameworks',
      severity: 'error',
      comment: 'Domain code is plain TypeScript: no Nest, ORM, queue, database, HTTP or validation library.',
      from: { path: DOMAIN },
      to: { path: FRAMEWORKS },
    },
    {
      name: 'domain-no-outer-layers',
      severity: 'error',
      comment: 'Dependencies point inward: domain never imports application or infrastructure.',
      from: { path: DOMAIN },
      to: { path: '^src/(|.+/)(application|infrastructure)/' },
    },
    {
      name: 'application-no-infrastructure',
      severity: 'error',
      comment: 'Use cases depend on ports (abstract classes), not on adapters.',
      from: { path: '^src/(|.+/)application/' },
      to: { path: '^src/(|.+/)infrastructure/' },
    },
    {
      name: 'no-foreign-internals',
      severity: 'error',
      comment:
        "A module's public API is its application/ layer (use cases, services, ports) and its Nest module file; " +
        'another module never imports its domain/ internals or its infrastructure/ adapters.',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/(domain|infrastructure)/', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'kernel-imports-no-module',
      severity: 'error',
      comment:
        'The shared kernel (src/shared) is what every module builds on: it imports no module and not src/database ' +
        '(the entity list and migrations), so using the kernel never pulls in the whole schema. Its specs may.',
      from: { path: '^src/shared/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^src/(modules|database)/' },
    },
    {
      name: 'spi-imports-no-module',
      severity: 'error',
      comment:
        'The spi module (the SPI port, its adapters, the settlement protocol) is what every outgoing payment settles through: ' +
        'it imports no other module. Cash-out, reversals and MED implement its SettlementSubject port instead of being called by it.',
      from: { path: '^src/modules/spi/' },
      to: { path: '^src/modules/(?!spi/)' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Circular imports make load order fragile (and Nest DI cycles need forwardRef). scripts/layers.mjs also refuses cycles between modules.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      extensions: ['.ts', '.js', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
