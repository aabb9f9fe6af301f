import type { Money } from '../../../shared/money/money.js';
import { totalOf, type Buckets, type StatementFormat, type StatementHeading, type StatementLine } from './statement-line.js';

const CRLF = '\r\n';

export const CSV_COLUMNS = [
  'posted_at',
  'entry_id',
  'operation',
  'transaction_type',
  'transaction_id',
  'end_to_end_id',
  'txid',
  'counterparty_name',
  'counterparty_document',
  'counterparty_ispb',
  'amount',
  'available_change',
  'blocked_change',
  'balance',
  'available_balance',
  'blocked_balance',
] as const;

/** A field as RFC 4180 writes it: quoted (quotes doubled) when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first) gets a
 * leading apostrophe, as OWASP's CSV-injection advice says. Every text cell goes through it, whatever its source
 * (a payer's name, a txid, an id): only the amount cells, which are never text, keep a leading `-`.
 */
export function inertText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A row: the ten text cells (each made inert, then quoted as needed), then the six amount cells (two decimals). */
const row = (texts: (string | null)[], amounts: (Money | null)[] = []): string =>
  [...texts.map((t) => csvField(inertText(t ?? ''))), ...amounts.map((a) => a?.toFixed2() ?? '')].join(',') + CRLF;

const balanceRow = (operation: 'opening_balance' | 'closing_balance', at: Date, b: Buckets): string =>
  row(
    [at.toISOString(), null, operation, null, null, null, null, null, null, null],
    [null, null, null, totalOf(b), b.available, b.blocked],
  );

/**
 * RFC 4180: CRLF line ends, a header row, fields quoted when needed, amounts as decimal strings with two
 * decimals (docs/conventions.md §4). The first row after the header is the opening balance, the last the closing
 * one (`operation` says which), so a saved file is whole without the HTTP headers.
 */
export const CSV_STATEMENT: StatementFormat = {
  contentType: 'text/csv; charset=utf-8',
  extension: 'csv',
  head: (h: StatementHeading) => row([...CSV_COLUMNS]) + balanceRow('opening_balance', h.start, h.opening),
  line: (l: StatementLine) =>
    row(
      [
        l.at.toISOString(),
        l.entryId,
        l.operation,
        l.transactionType,
        l.transactionId,
        l.endToEndId,
        l.txid,
        l.counterpartyName,
        l.counterpartyDocument,
        l.counterpartyIspb,
      ],
      [l.amount, l.availableChange, l.blockedChange, totalOf(l.after), l.after.available, l.after.blocked],
    ),
  tail: (h: StatementHeading) => balanceRow('closing_balance', h.end, h.closing),
};
