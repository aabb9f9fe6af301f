/**
 * Layering rules (STYLE.md): domain imports no framework and no other layer; application never
 * imports infrastructure; a module never reaches into another module's infrastructure.
 */
const FRAMEWORKS =
  '(^|node_modules/)(@nestjs/|typeorm|bull/|pg/|ioredis|express|passport|class-validator|class-transformer|rate-limiter-flexible|nestjs-pino|pino)';

module.exports = {
  forbidden: [
    {
      name: 'domain-no-frameworks',
      severity: 'error',
      comment: 'Domain code is plain TypeScript: no Nest, ORM, queue, HTTP or validation library.',
      from: { path: '^src/(modules/[^/]+|shared/[^/]+)/domain/' },
      to: { path: FRAMEWORKS },
    },
    {
      name: 'domain-no-outer-layers',
      severity: 'error',
      comment: 'Dependencies point inward: domain never imports application or infrastructure.',
      from: { path: '^src/(modules/[^/]+|shared)/.*domain/' },
      to: { path: '/(application|infrastructure)/' },
    },
    {
      name: 'application-no-infrastructure',
      severity: 'error',
      comment: 'Use cases depend on ports, not on adapters.',
      from: { path: '^src/modules/[^/]+/application/' },
      to: { path: '^src/modules/[^/]+/infrastructure/' },
    },
    {
      name: 'no-foreign-infrastructure',
      severity: 'error',
      comment: "Modules talk through exported application services and ports, never another module's adapters.",
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/([^/]+)/infrastructure/', pathNot: '^src/modules/$1/infrastructure/' },
    },
    {
      name: 'no-circular',
      severity: 'warn',
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
