import fc from 'fast-check';
import { parseSync } from 'ofx-js';
import { Money } from '../../../shared/money/money.js';
import { CSV_COLUMNS, CSV_STATEMENT, csvField } from './csv-statement.js';
import { OFX_STATEMENT, ofxDateTime } from './ofx-statement.js';
import { readCsv } from '../../../shared/testing/rfc4180-csv.js';
import { statementLine, type StatementHeading } from './statement-line.js';

const m = Money.of;
const buckets = (available: string, blocked = '0') => ({ available: m(available), blocked: m(blocked) });
const heading: StatementHeading = {
  institution: { ispb: '12345678', name: 'Instant Payments Sandbox' },
  account: { id: 'acc', branch: '0001', number: '1000017' },
  dateFrom: '2026-03-10',
  dateTo: '2026-03-10',
  start: new Date('2026-03-10T03:00:00.000Z'),
  end: new Date('2026-03-11T03:00:00.000Z'),
  opening: buckets('100.00'),
  closing: buckets('60.00', '30.00'),
  generatedAt: new Date('2026-03-10T15:00:00.000Z'),
};
const payer = { name: 'Empresa "Alfa", Ltda\n<Filial & Cia>', document: '**.345.678/0001-**', bank: { ispb: '60701190' } };
const lines = [
  statementLine(
    {
      id: 'e1',
      at: new Date('2026-03-10T12:00:00.000Z'),
      operation: 'credit',
      transactionId: 't1',
      before: buckets('100'),
      after: buckets('110'),
    },
    { type: 'cash_in', endToEndId: 'E12345678202603101200abcdefghijk', txid: 'tx1', counterparty: payer },
  ),
  statementLine(
    {
      id: 'e2',
      at: new Date('2026-03-10T12:00:00.000Z'),
      operation: 'fee',
      transactionId: 't1',
      before: buckets('110'),
      after: buckets('109'),
    },
    { type: 'cash_in', endToEndId: 'E12345678202603101200abcdefghijk', txid: 'tx1', counterparty: payer },
  ),
  statementLine(
    {
      id: 'e3',
      at: new Date('2026-03-10T13:00:00.000Z'),
      operation: 'block',
      transactionId: 't1',
      before: buckets('109'),
      after: buckets('79', '30'),
    },
    { type: 'cash_in', endToEndId: 'E12345678202603101200abcdefghijk', txid: 'tx1', counterparty: payer },
  ),
  statementLine(
    {
      id: 'e4',
      at: new Date('2026-03-10T14:00:00.000Z'),
      operation: 'debit',
      transactionId: null,
      before: buckets('79', '30'),
      after: buckets('60', '30'),
    },
    undefined,
  ),
];
const write = (f: typeof CSV_STATEMENT) => f.head(heading) + lines.map((l) => f.line(l)).join('') + f.tail(heading);

describe('statement lines', () => {
  it('sign what an entry did to the total, and show what a block moved between the buckets', () => {
    expect(lines.map((l) => [l.operation, l.amount.toFixed2(), l.availableChange.toFixed2(), l.blockedChange.toFixed2()])).toEqual([
      ['credit', '10.00', '10.00', '0.00'],
      ['fee', '-1.00', '-1.00', '0.00'],
      ['block', '0.00', '-30.00', '30.00'],
      ['debit', '-19.00', '-19.00', '0.00'],
    ]);
  });
});

describe('CSV statement (RFC 4180)', () => {
  it('quotes a field only when it holds a comma, a quote or a line break, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('reads back any text as it was (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 5 }), (fields) => {
        expect(readCsv(fields.map(csvField).join(',') + '\r\n')).toEqual([fields]);
      }),
    );
  });

  it('writes a header, the opening row, a row per entry with the running balance, and the closing row', () => {
    const rows = readCsv(write(CSV_STATEMENT));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const byColumn = rows.slice(1).map((r) => Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, r[i]])));
    expect(byColumn.map((r) => [r.operation, r.amount, r.balance, r.available_balance, r.blocked_balance])).toEqual([
      ['opening_balance', '', '100.00', '100.00', '0.00'],
      ['credit', '10.00', '110.00', '110.00', '0.00'],
      ['fee', '-1.00', '109.00', '109.00', '0.00'],
      ['block', '0.00', '109.00', '79.00', '30.00'],
      ['debit', '-19.00', '90.00', '60.00', '30.00'],
      ['closing_balance', '', '90.00', '60.00', '30.00'],
    ]);
    expect(byColumn[1]).toMatchObject({
      counterparty_name: payer.name,
      counterparty_document: '**.345.678/0001-**',
      counterparty_ispb: '60701190',
      end_to_end_id: 'E12345678202603101200abcdefghijk',
      txid: 'tx1',
      posted_at: '2026-03-10T12:00:00.000Z',
    });
  });

  it('defuses every text cell a spreadsheet would run as a formula, and no amount', () => {
    const entry = { id: '@SUM(1)', at: heading.start, operation: 'credit', transactionId: 't', before: buckets('0'), after: buckets('1') };
    const evil = statementLine(entry, {
      type: 'cash_in',
      endToEndId: '+E1',
      txid: "=cmd|'/c calc'!A1",
      counterparty: { name: '=HYPERLINK("http://x")', document: '-1+1', bank: { ispb: '\t=1' } },
    });
    const [cells] = readCsv(CSV_STATEMENT.line(evil));
    const byColumn = Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, cells![i]]));
    expect(byColumn).toMatchObject({
      entry_id: "'@SUM(1)",
      end_to_end_id: "'+E1",
      txid: "'=cmd|'/c calc'!A1",
      counterparty_name: '\'=HYPERLINK("http://x")',
      counterparty_document: "'-1+1",
      counterparty_ispb: "'\t=1",
    });
    // Every text cell is either empty or starts with something a spreadsheet reads as text.
    for (const c of CSV_COLUMNS.slice(0, 10)) expect(byColumn[c]).not.toMatch(/^[=+\-@\t\r]/);
    const debit = statementLine({ ...entry, operation: 'debit', before: buckets('5'), after: buckets('1') }, undefined);
    expect(readCsv(CSV_STATEMENT.line(debit))[0]![10]).toBe('-4.00');
  });
});

describe('OFX statement (2.2, XML)', () => {
  it('is read back by ofx-js: the account, the money movements, and the closing balances', () => {
    const ofx = parseSync(write(OFX_STATEMENT)).OFX;
    const stmt = ofx.BANKMSGSRSV1.STMTTRNRS.STMTRS;
    expect(stmt.CURDEF).toBe('BRL');
    expect(stmt.BANKACCTFROM).toEqual({ BANKID: '12345678', BRANCHID: '0001', ACCTID: '1000017', ACCTTYPE: 'CHECKING' });
    const trns = stmt.BANKTRANLIST.STMTTRN as Record<string, string>[];
    // The block moved nothing out of the account: it is in AVAILBAL, not a transaction.
    expect(trns.map((t) => [t.TRNTYPE, t.TRNAMT, t.FITID])).toEqual([
      ['CREDIT', '10.00', 'e1'],
      ['FEE', '-1.00', 'e2'],
      ['DEBIT', '-19.00', 'e4'],
    ]);
    expect(trns[0]).toMatchObject({ NAME: 'Empresa "Alfa", Ltda <Filial & C', REFNUM: 'E12345678202603101200abcdefghijk' });
    expect(stmt.LEDGERBAL).toEqual({ BALAMT: '90.00', DTASOF: '20260311030000.000[0:GMT]' });
    expect(stmt.AVAILBAL.BALAMT).toBe('60.00');
  });

  it('writes instants in UTC with milliseconds', () => {
    expect(ofxDateTime(new Date('2026-03-10T15:04:05.678Z'))).toBe('20260310150405.678[0:GMT]');
  });
});
