import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { buildOpenApi } from '../../src/bootstrap.js';
import { ERROR_CATALOG, isErrorCode, type ErrorCodeInfo } from '../../src/shared/errors/error-catalog.js';
import { EVENT_CATALOGUE } from '../../src/events.catalogue.js';
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
    expect(readFileSync(resolve(process.cwd(), 'docs/events.md'), 'utf8')).toBe(renderEventsMarkdown(EVENT_CATALOGUE));
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
  const adr = join(docs, 'adr');
  return [
    resolve(process.cwd(), 'README.md'),
    ...readdirSync(docs)
      .filter((f) => f.endsWith('.md'))
      .map((f) => join(docs, f)),
    ...readdirSync(adr)
      .filter((f) => f.endsWith('.md'))
      .map((f) => join(adr, f)),
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

/** A decision record as read from `docs/adr/`: its file name and text. */
interface RecordFile {
  name: string;
  text: string;
}

const RECORD_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const RECORD_SECTIONS = ['## Context', '## Decision', '## Consequences'];

function isCalendarDate(day: string): boolean {
  const instant = new Date(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(instant.getTime()) && instant.toISOString().slice(0, 10) === day;
}

/** What is wrong with the records: names, titles, Status/Date/Area lines, sections, numbering. */
function recordProblems(records: RecordFile[]): string[] {
  const problems: string[] = [];
  const names = new Set(records.map((r) => r.name));
  const numbers: number[] = [];
  for (const { name, text } of records) {
    const number = RECORD_NAME.exec(name)?.[1];
    if (!number) {
      problems.push(`${name}: not named NNNN-short-slug.md`);
      continue;
    }
    numbers.push(Number(number));
    const lines = text.split('\n');
    if (!new RegExp(`^# ${number}\\. \\S`).test(lines[0] ?? '')) problems.push(`${name}: the title is not "# ${number}. ..."`);
    const status = lines.find((l) => l.startsWith('- Status:'));
    const superseded = /^- Status: Superseded by \[(\d{4})\]\(((\d{4})-[a-z0-9-]+\.md)\)$/.exec(status ?? '');
    if (status !== '- Status: Accepted' && !superseded) problems.push(`${name}: no "- Status: Accepted" or "Superseded by" line`);
    if (superseded && (superseded[1] !== superseded[3] || !names.has(superseded[2]!) || superseded[2] === name)) {
      problems.push(`${name}: superseded by ${superseded[2]}, which is no other record`);
    }
    const date = lines.find((l) => l.startsWith('- Date:'));
    if (!date || !isCalendarDate(date.slice('- Date: '.length))) problems.push(`${name}: no "- Date: YYYY-MM-DD" line`);
    if (!lines.some((l) => /^- Area: \S/.test(l))) problems.push(`${name}: no "- Area:" line`);
    const sections = lines.filter((l) => l.startsWith('## '));
    if (sections.join('|') !== RECORD_SECTIONS.join('|')) problems.push(`${name}: sections are not ${RECORD_SECTIONS.join(', ')}`);
  }
  numbers.sort((a, b) => a - b);
  numbers.forEach((n, i) => {
    if (n !== i + 1) problems.push(`numbers are not consecutive from 0001: ${String(i + 1).padStart(4, '0')} expected, ${n} found`);
  });
  return [...new Set(problems)];
}

/** What is wrong with the index: a record listed twice or not at all, a row for no record. */
function indexProblems(index: string, records: RecordFile[]): string[] {
  const rows = index.split('\n').filter((l) => l.startsWith('| ['));
  const listed = rows.map((row) => /^\| \[(\d{4})\]\(((\d{4})-[^)]+\.md)\) \|/.exec(row));
  const problems: string[] = [];
  const seen = new Map<string, number>();
  listed.forEach((m, i) => {
    if (!m || m[1] !== m[3]) problems.push(`a row that is not "| [NNNN](NNNN-slug.md) | ...": ${rows[i]}`);
    else seen.set(m[2]!, (seen.get(m[2]!) ?? 0) + 1);
  });
  const names = new Set(records.map((r) => r.name));
  for (const [name, count] of seen) {
    if (!names.has(name)) problems.push(`the index lists ${name}, which is no record`);
    if (count > 1) problems.push(`the index lists ${name} ${count} times`);
  }
  for (const name of names) if (!seen.has(name)) problems.push(`the index does not list ${name}`);
  return problems;
}

/** Text files of the repository, outside dependencies, build output and git. */
function repositoryFiles(dir: string): string[] {
  const skip = new Set(['node_modules', 'dist', '.git', 'coverage', 'test-output']);
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return skip.has(name) ? [] : repositoryFiles(path);
    return /\.(ts|mts|mjs|cjs|js|json|md|ya?ml|sh|sql|txt)$|^Dockerfile|^\.env/.test(name) ? [path] : [];
  });
}

/** The retired file, spelt so that this test does not cite it itself. */
const RETIRED_DECISIONS = new RegExp(['decisions', 'md'].join('\\.'));

/**
 * Citations that lead nowhere: a path of a Markdown file under `docs/adr/` (from the repository root) that
 * names no file, a relative Markdown link in or into `docs/adr/` that resolves to no file (code spans are
 * examples, not links), and any citation of the file the records replaced. `exists` takes a path relative to
 * the repository root.
 */
function citationProblems(files: { path: string; text: string }[], exists: (path: string) => boolean): string[] {
  const problems: string[] = [];
  for (const { path, text } of files) {
    for (const m of text.matchAll(/docs\/adr\/[\w.-]+\.md/g)) if (!exists(m[0])) problems.push(`${path}: ${m[0]} does not exist`);
    if (path.endsWith('.md')) {
      for (const m of text.replace(/`[^`\n]*`/g, '').matchAll(/\]\(([\w./-]+\.md)\)/g)) {
        const target = join(dirname(path), m[1]!);
        const intoRecords = path.startsWith('docs/adr/') || target.startsWith('docs/adr/');
        if (intoRecords && !exists(target)) problems.push(`${path}: the link ${m[1]} leads nowhere`);
      }
    }
    if (RETIRED_DECISIONS.test(text)) problems.push(`${path}: cites the retired ${['decisions', 'md'].join('.')}`);
  }
  return problems;
}

describe('decision records: docs/adr, its index and the citations', () => {
  const root = process.cwd();
  const adr = resolve(root, 'docs/adr');
  const records: RecordFile[] = readdirSync(adr)
    .filter((name) => name !== 'README.md')
    .map((name) => ({ name, text: readFileSync(join(adr, name), 'utf8') }));
  const index = readFileSync(join(adr, 'README.md'), 'utf8');
  const exists = (path: string) => existsSync(resolve(root, path));

  it('every record is titled with its number, has its Status, Date and Area lines and its three sections', () => {
    expect(records.length).toBeGreaterThan(100);
    expect(recordProblems(records)).toEqual([]);
  });

  it('the index lists every record exactly once, and nothing else', () => {
    expect(indexProblems(index, records)).toEqual([]);
  });

  it('every cited record exists, and nothing cites the retired decisions file', () => {
    const files = repositoryFiles(root).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));
    expect(files.some((f) => f.path === 'README.md')).toBe(true);
    expect(citationProblems(files, exists)).toEqual([]);
  });

  it('the checks catch what they exist for', () => {
    // Paths built at run time, so that the scan of this very file does not take them for citations.
    const dir = ['docs', 'adr'].join('/');
    const record = (n: string, status = 'Accepted', date = '2026-11-22') =>
      `# ${n}. A title\n\n- Status: ${status}\n- Date: ${date}\n- Area: Platform\n\n## Context\n\nc\n\n## Decision\n\nd\n\n## Consequences\n\nq\n`;
    const good = [
      { name: '0001-first.md', text: record('0001') },
      { name: '0002-second.md', text: record('0002', 'Superseded by [0001](0001-first.md)') },
    ];
    expect(recordProblems(good)).toEqual([]);
    expect(recordProblems([good[0]!, { name: '0002-second.md', text: record('0003') }])).toEqual([
      '0002-second.md: the title is not "# 0002. ..."',
    ]);
    expect(recordProblems([good[0]!, { name: '0002-second.md', text: record('0002', 'Proposed') }])).toEqual([
      '0002-second.md: no "- Status: Accepted" or "Superseded by" line',
    ]);
    expect(recordProblems([good[0]!, { name: '0002-second.md', text: record('0002', 'Superseded by [0009](0009-gone.md)') }])).toEqual([
      '0002-second.md: superseded by 0009-gone.md, which is no other record',
    ]);
    for (const date of ['2026-02-30', '2026-13-01', '22/11/2026']) {
      expect(recordProblems([good[0]!, { name: '0002-second.md', text: record('0002', 'Accepted', date) }])).toEqual([
        '0002-second.md: no "- Date: YYYY-MM-DD" line',
      ]);
    }
    expect(recordProblems([good[0]!, { name: '0002-second.md', text: record('0002').replace('- Area: Platform\n', '') }])).toEqual([
      '0002-second.md: no "- Area:" line',
    ]);
    expect(recordProblems([good[0]!, { name: '0002-second.md', text: record('0002').replace('## Consequences', '## Notes') }])).toEqual([
      '0002-second.md: sections are not ## Context, ## Decision, ## Consequences',
    ]);
    expect(recordProblems([good[0]!, { name: '0003-third.md', text: record('0003') }])).toEqual([
      'numbers are not consecutive from 0001: 0002 expected, 3 found',
    ]);
    expect(recordProblems([{ name: '1-first.md', text: record('0001') }])).toEqual(['1-first.md: not named NNNN-short-slug.md']);

    const row = (n: string, file: string) => `| [${n}](${file}) | A title | Accepted | 2026-11-22 | Platform |`;
    const table = (rows: string[]) => ['| Number | Title | Status | Date | Area |', '|---|---|---|---|---|', ...rows].join('\n');
    expect(indexProblems(table([row('0001', '0001-first.md'), row('0002', '0002-second.md')]), good)).toEqual([]);
    expect(indexProblems(table([row('0001', '0001-first.md')]), good)).toEqual(['the index does not list 0002-second.md']);
    expect(indexProblems(table([row('0001', '0001-first.md'), row('0002', '0002-second.md'), row('0001', '0001-first.md')]), good)).toEqual(
      ['the index lists 0001-first.md 2 times'],
    );
    expect(indexProblems(table([row('0001', '0001-first.md'), row('0002', '0002-second.md'), row('0003', '0003-x.md')]), good)).toEqual([
      'the index lists 0003-x.md, which is no record',
    ]);
    expect(indexProblems(table([row('0001', '0001-first.md'), row('0009', '0002-second.md')]), good)).toEqual([
      `a row that is not "| [NNNN](NNNN-slug.md) | ...": ${row('0009', '0002-second.md')}`,
      'the index does not list 0002-second.md',
    ]);

    const known = (path: string) => [`${dir}/0001-first.md`, 'docs/conventions.md'].includes(path);
    expect(
      citationProblems(
        [
          { path: 'src/a.ts', text: `// (${dir}/0001-first.md)` },
          { path: `${dir}/0001-first.md`, text: 'See [conventions](../conventions.md), and `[NNNN](NNNN-slug.md)` in a code span.' },
        ],
        known,
      ),
    ).toEqual([]);
    expect(citationProblems([{ path: 'src/a.ts', text: `// (${dir}/0002-second.md)` }], known)).toEqual([
      `src/a.ts: ${dir}/0002-second.md does not exist`,
    ]);
    expect(citationProblems([{ path: `${dir}/0001-first.md`, text: 'Replaced by [0002](0002-second.md).' }], known)).toEqual([
      `${dir}/0001-first.md: the link 0002-second.md leads nowhere`,
    ]);
    expect(citationProblems([{ path: 'docs/benchmarks.md', text: 'Why: [0002](adr/0002-second.md).' }], known)).toEqual([
      'docs/benchmarks.md: the link adr/0002-second.md leads nowhere',
    ]);
    const retired = ['docs/decisions', 'md, "Fees"'].join('.');
    expect(citationProblems([{ path: 'src/a.ts', text: `// (${retired})` }], known)).toEqual([
      `src/a.ts: cites the retired ${['decisions', 'md'].join('.')}`,
    ]);
  });
});
