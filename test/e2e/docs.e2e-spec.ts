import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { buildOpenApi } from '../../src/bootstrap.js';
import { ERROR_CATALOG, isErrorCode, type ErrorCodeInfo } from '../../src/shared/errors/error-catalog.js';
import { renderEventsMarkdown } from '../../src/shared/domain/events/events-markdown.js';
import { renderErrorsMarkdown } from '../../src/shared/errors/errors-markdown.js';
import { startApp } from '../support/test-app.js';

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
  const patterns = [
    /(?:DomainError|super)\(\s*'([A-Z][A-Z0-9_]+)'/g,
    /NotFoundError\([^,)]+,\s*'([A-Z][A-Z0-9_]+)'/g,
    /super\([^,)]+,\s*'([A-Z][A-Z0-9_]+)'\)/g,
  ];
  for (const file of sourceFiles(resolve(process.cwd(), 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const p of patterns) for (const m of text.matchAll(p)) codes.add(m[1]!);
  }
  return codes;
}

interface ErrorSchema {
  allOf?: { properties?: { error?: { properties?: { code?: { enum?: string[] } } } } }[];
}
interface DocumentedOperation {
  'x-error-codes'?: string[];
  responses: Record<string, { content?: Record<string, { schema?: ErrorSchema }> }>;
}

describe('error codes: one catalog, docs/errors.md and the OpenAPI document', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApp({ appRole: 'api' });
  });

  afterAll(() => app.close());

  it('the catalog holds every code the code base can answer with', () => {
    const missing = [...thrownCodes(), 'VALIDATION_ERROR', 'MALFORMED_JSON'].filter((code) => !isErrorCode(code));
    expect(missing).toEqual([]);
  });

  it('docs/errors.md is generated from the catalog (run `npm run openapi` after changing it)', () => {
    expect(readFileSync(resolve(process.cwd(), 'docs/errors.md'), 'utf8')).toBe(renderErrorsMarkdown());
  });

  it("each operation's error responses list its codes, each under its own status, all from the catalog", () => {
    const doc = buildOpenApi(app);
    const used = new Set<string>();
    let operations = 0;
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item as Record<string, DocumentedOperation>)) {
        const codes = op['x-error-codes'] ?? [];
        operations++;
        expect(codes).toContain('INTERNAL_ERROR');
        for (const code of codes) {
          expect(isErrorCode(code)).toBe(true);
          used.add(code);
          const status = String(ERROR_CATALOG[code as keyof typeof ERROR_CATALOG].status);
          const listed = op.responses[status]?.content?.['application/json']?.schema?.allOf?.[1]?.properties?.error?.properties?.code?.enum;
          expect({ code, status, listed: listed?.includes(code) }).toEqual({ code, status, listed: true });
        }
      }
    }
    expect(operations).toBeGreaterThan(20);
    // Every code is some operation's answer, or says where else it is answered (the router, the CLI, a
    // ledger invariant); a code that is neither is dead, or an operation forgot to list it.
    const entries = Object.entries(ERROR_CATALOG) as [string, ErrorCodeInfo][];
    expect(entries.filter(([code, info]) => !used.has(code) && !info.answeredOutside).map(([code]) => code)).toEqual([]);
    expect(entries.filter(([code, info]) => used.has(code) && info.answeredOutside).map(([code]) => code)).toEqual([]);
  });

  it('the cash-out operation names its business refusals', () => {
    const post = (buildOpenApi(app).paths['/api/v1/pix/cash-out'] as unknown as { post: { 'x-error-codes': string[] } }).post;
    expect(post['x-error-codes']).toEqual(
      expect.arrayContaining(['INSUFFICIENT_FUNDS', 'LIMIT_EXCEEDED', 'PIX_KEY_NOT_FOUND', 'IDEMPOTENCY_KEY_REUSED', 'UNAUTHORIZED']),
    );
  });
});

describe('events: one catalogue and docs/events.md', () => {
  it('docs/events.md is generated from the event catalogue (run `npm run openapi` after changing it)', () => {
    expect(readFileSync(resolve(process.cwd(), 'docs/events.md'), 'utf8')).toBe(renderEventsMarkdown());
  });
});

/** Words that name a module in prose, beside its folder name (`cash-in` is also "cash in"). */
const MODULE_ALIASES: Record<string, string[]> = {
  'cash-in': ['charges', 'charge'],
  'cash-out': ['cash-outs'],
  'qr-code': ['QR decode', 'BR Code'],
  med: ['special returns'],
  'queue-board': ['Bull Board'],
  webhooks: ['webhook'],
};

const UNBUILT = /\b(not (?:yet )?built|unbuilt|not (?:yet )?implemented|coming soon|future dispatcher)\b/i;

function markdownFiles(): string[] {
  const docs = resolve(process.cwd(), 'docs');
  return [
    resolve(process.cwd(), 'README.md'),
    ...readdirSync(docs)
      .filter((f) => f.endsWith('.md'))
      .map((f) => join(docs, f)),
  ];
}

/** The modules of `src/modules` that a paragraph of `text` calls unbuilt, with the paragraph. */
function unbuiltMentions(text: string, modules: string[]): { module: string; paragraph: string }[] {
  const found: { module: string; paragraph: string }[] = [];
  // Paragraphs, and each list item or table row on its own.
  for (const paragraph of text.split(/\n\s*\n|\n(?=\s*[-|] )/)) {
    if (!UNBUILT.test(paragraph)) continue;
    for (const m of modules) {
      const words = [m, m.replace(/-/g, ' '), ...(MODULE_ALIASES[m] ?? [])];
      const named = words.some((w) => new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(paragraph));
      if (named) found.push({ module: m, paragraph: paragraph.trim().slice(0, 100) });
    }
  }
  return found;
}

describe('docs say what is built', () => {
  const modules = readdirSync(resolve(process.cwd(), 'src/modules'));

  it('no document calls a module that exists unbuilt', () => {
    const stale = markdownFiles().flatMap((file) =>
      unbuiltMentions(readFileSync(file, 'utf8'), modules).map(
        (f) => `${file.slice(process.cwd().length + 1)}: ${f.module}: ${f.paragraph}`,
      ),
    );
    expect(stale).toEqual([]);
  });

  it('the check catches the stale lines it exists for, and leaves other prose alone', () => {
    const stale = [
      '- **Webhooks** (not built yet): CRUD at `/api/v1/webhooks`.',
      'Not built yet, next: webhook subscriptions and delivery.',
      'Refunds of charges are not implemented.',
    ].join('\n\n');
    expect(unbuiltMentions(stale, modules).map((f) => f.module)).toEqual(['webhooks', 'webhooks', 'cash-in']);
    expect(unbuiltMentions('The webhooks module delivers events; MED requests are built.', modules)).toEqual([]);
  });
});
