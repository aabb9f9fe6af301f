#!/usr/bin/env node
/**
 * `npm run layers`: one dependency-cruiser pass over src/ that
 *  1. checks the file-level rules of .dependency-cruiser.cjs (layering, no cycles), and
 *  2. checks the module-level graph: with each src/modules/<name> as one node, no two modules may
 *     depend on each other, however indirectly (a file-level rule cannot see a cycle that runs
 *     keys/domain -> qr-code/domain and qr-code/application -> keys/application).
 *  3. checks that the module table of docs/architecture.md (between its `module-map` markers) is the
 *     one this graph gives; `npm run layers -- --write` rewrites it.
 * Prints the rule summary and the module map, and exits non-zero on any error.
 */
import console from 'node:console';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import process from 'node:process';
import { cruise, format } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');

const result = await cruise(['src'], { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } });
const report = await format(result.output, { outputType: 'err' });
process.stdout.write(report.output);
let failed = report.exitCode > 0;

const moduleOf = (path) => /^src\/modules\/([^/]+)\//.exec(path)?.[1] ?? null;
const edges = new Map();
for (const file of result.output.modules) {
  const from = moduleOf(file.source);
  if (!from) continue;
  for (const dep of file.dependencies) {
    const to = moduleOf(dep.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const via = edges.get(from);
    if (!via.has(to)) via.set(to, `${file.source} -> ${dep.resolved}`);
  }
}

// Depth-first search for a cycle among modules; reports each one found once.
const cycles = [];
const state = new Map();
const stack = [];
const visit = (node) => {
  state.set(node, 'open');
  stack.push(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
    else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(node, 'done');
};
for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);

console.log('\nModule map (who depends on whom):');
for (const [from, to] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${from} -> ${[...to.keys()].sort().join(', ')}`);
}
if (cycles.length > 0) {
  failed = true;
  for (const cycle of cycles) {
    console.error(`\n✘ module cycle: ${cycle.join(' -> ')}`);
    for (let i = 0; i < cycle.length - 1; i++) console.error(`    ${edges.get(cycle[i]).get(cycle[i + 1])}`);
  }
} else {
  console.log('✔ no cycle between modules');
  if (!checkModuleTable(process.argv.includes('--write'))) failed = true;
}
process.exit(failed ? 1 : 0);

/**
 * The module table of docs/architecture.md: one row per module of src/modules, those that depend on
 * others first, so each module depends only on modules in rows below its own (rows are ordered by the
 * longest chain of dependencies below the module, then by name).
 */
function moduleTable() {
  const modules = readdirSync('src/modules', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const height = new Map();
  const heightOf = (m) => {
    if (!height.has(m)) height.set(m, Math.max(0, ...[...(edges.get(m)?.keys() ?? [])].map((n) => heightOf(n) + 1)));
    return height.get(m);
  };
  const rows = modules
    .sort((a, b) => heightOf(b) - heightOf(a) || a.localeCompare(b))
    .map((m) => `| \`${m}\` | ${[...(edges.get(m)?.keys() ?? [])].sort().join(', ') || 'no other module'} |`);
  return ['| module | depends on |', '|---|---|', ...rows].join('\n');
}

/** Compares (or, with `write`, rewrites) the table between the markers; false when it is stale. */
function checkModuleTable(write) {
  const file = 'docs/architecture.md';
  const doc = readFileSync(file, 'utf8');
  const marked = /(<!-- module-map: [^\n]*-->\n)([\s\S]*?)\n?<!-- \/module-map -->/;
  const match = marked.exec(doc);
  if (!match) {
    console.error(`\n✘ ${file} has no module-map markers`);
    return false;
  }
  const table = moduleTable();
  if (match[2] === table) {
    console.log(`✔ ${file}: the module table is current`);
    return true;
  }
  if (write) {
    writeFileSync(
      file,
      doc.replace(marked, (_, open) => `${open}${table}\n<!-- /module-map -->`),
    );
    console.log(`✔ ${file}: the module table was rewritten`);
    return true;
  }
  console.error(`\n✘ ${file}: the module table is stale; run \`npm run layers -- --write\``);
  return false;
}
