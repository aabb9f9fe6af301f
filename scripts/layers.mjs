#!/usr/bin/env node
/**
 * `npm run layers`: one dependency-cruiser pass over src/ that
 *  1. checks the file-level rules of .dependency-cruiser.cjs (layering, no cycles), and
 *  2. checks the module-level graph: with each src/modules/<name> as one node, no two modules may
 *     depend on each other, however indirectly (a file-level rule cannot see a cycle that runs
 *     keys/domain -> qr-code/domain and qr-code/application -> keys/application).
 * Prints the rule summary and the module map, and exits non-zero on any error.
 */
import console from 'node:console';
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
}
process.exit(failed ? 1 : 0);
