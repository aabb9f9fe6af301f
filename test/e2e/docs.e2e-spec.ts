import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { knownStatusCodes } from '../../src/shared/errors/error-status.table.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Codes passed to DomainError-like constructors: `Error('CODE'`, `super('CODE'`, `NotFoundError('X', 'CODE')`. */
function thrownCodes(): Set<string> {
  const codes = new Set<string>();
  const patterns = [/(?:DomainError|super)\(\s*'([A-Z][A-Z0-9_]+)'/g, /NotFoundError\([^,)]+,\s*'([A-Z][A-Z0-9_]+)'/g];
  for (const file of sourceFiles(resolve(process.cwd(), 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const p of patterns) for (const m of text.matchAll(p)) codes.add(m[1]);
  }
  return codes;
}

describe('docs/errors.md', () => {
  const doc = readFileSync(resolve(process.cwd(), 'docs/errors.md'), 'utf8');

  it('lists every error code the service can answer with', () => {
    const codes = new Set([...thrownCodes(), ...Object.keys(knownStatusCodes()), 'VALIDATION_ERROR', 'MALFORMED_JSON']);
    const missing = [...codes].filter((code) => !doc.includes(`\`${code}\``));
    expect(missing).toEqual([]);
  });

  it('states the status of each code in the status table as the table does', () => {
    for (const [code, status] of Object.entries(knownStatusCodes())) {
      const row = doc.split('\n').find((line) => line.includes(`\`${code}\``));
      expect(row).toContain(String(status));
    }
  });
});
