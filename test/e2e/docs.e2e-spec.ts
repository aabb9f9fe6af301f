import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { buildOpenApi } from '../../src/bootstrap.js';
import { ERROR_CATALOG, isErrorCode } from '../../src/shared/errors/error-catalog.js';
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

/**
 * Codes of capabilities not built yet (charges, reversals, MED, webhooks) and internal guards no
 * operation lists: in the catalog for the record, answered by no operation today.
 */
const NOT_ANSWERED_YET = new Set([
  'CASH_IN_NOT_FOUND',
  'REVERSAL_NOT_FOUND',
  'MED_NOT_FOUND',
  'WEBHOOK_NOT_FOUND',
  'DELIVERY_NOT_FOUND',
  'MED_ALREADY_RESPONDED',
  'REVERSAL_CONFLICT',
  'CONFLICT',
  'CLIENT_ALREADY_EXISTS',
  'INVALID_DOCUMENT',
  'INSUFFICIENT_BLOCKED_FUNDS',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
]);

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
    const unanswered = Object.keys(ERROR_CATALOG).filter((code) => !used.has(code) && !NOT_ANSWERED_YET.has(code));
    expect(unanswered).toEqual([]);
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
