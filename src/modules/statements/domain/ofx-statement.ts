import type { Money } from '../../../shared/money/money.js';
import { totalOf, type StatementFormat, type StatementHeading, type StatementLine } from './statement-line.js';

/**
 * Text as XML content on one line: the three characters markup needs escaped, line breaks and tabs as spaces
 * (an OFX field is one line to the programs that import it), other control characters (XML 1.0 forbids them) dropped.
 */
export function xmlText(value: string): string {
  return (
    value
      .replace(/[\t\r\n]/g, ' ')
      // eslint-disable-next-line no-control-regex -- these are the characters XML 1.0 forbids, matched to be removed
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
  );
}

/** An OFX date-time: `YYYYMMDDHHMMSS.mmm[0:GMT]` (mmm: milliseconds), in UTC (docs/conventions.md §4 keeps timestamps in UTC). */
export function ofxDateTime(at: Date): string {
  const iso = at.toISOString(); // 2026-03-10T15:00:00.000Z
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}.${iso.slice(20, 23)}[0:GMT]`;
}

/** OFX's `A-n` fields: at most `n` characters. */
const cut = (value: string, n: number): string => (value.length > n ? value.slice(0, n) : value);

const el = (tag: string, value: string): string => `<${tag}>${xmlText(value)}</${tag}>`;

const trnType = (l: StatementLine): string => (l.operation === 'fee' ? 'FEE' : l.amount.isPositive() ? 'CREDIT' : 'DEBIT');

const status = '<STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>';

const balance = (tag: 'LEDGERBAL' | 'AVAILBAL', amount: Money, at: Date): string =>
  `<${tag}>${el('BALAMT', amount.toFixed2())}${el('DTASOF', ofxDateTime(at))}</${tag}>\n`;

/**
 * OFX 2.2, XML (docs/adr/0223-statement-formats.md): UTF-8 as XML declares it (names keep their accents), every
 * element closed, so any XML parser reads it. A transaction (`STMTTRN`) is an entry that moved the total
 * balance (credit, debit, fee, capture); a hold, a release and a MED block or unblock move money between the
 * buckets only and show in `AVAILBAL`, and line by line in the CSV. `LEDGERBAL` is the closing total,
 * `AVAILBAL` the closing available balance; `FITID` is the ledger entry's id, unique and stable.
 */
export const OFX_STATEMENT: StatementFormat = {
  contentType: 'application/x-ofx; charset=utf-8',
  extension: 'ofx',
  head: (h: StatementHeading) =>
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' +
    '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n' +
    '<OFX>\n' +
    `<SIGNONMSGSRSV1><SONRS>${status}${el('DTSERVER', ofxDateTime(h.generatedAt))}${el('LANGUAGE', 'POR')}` +
    `<FI>${el('ORG', cut(h.institution.name, 32))}${el('FID', h.institution.ispb)}</FI></SONRS></SIGNONMSGSRSV1>\n` +
    `<BANKMSGSRSV1><STMTTRNRS>${el('TRNUID', '0')}${status}\n` +
    `<STMTRS>${el('CURDEF', 'BRL')}` +
    `<BANKACCTFROM>${el('BANKID', h.institution.ispb)}${el('BRANCHID', h.account.branch)}${el('ACCTID', h.account.number)}${el('ACCTTYPE', 'CHECKING')}</BANKACCTFROM>\n` +
    `<BANKTRANLIST>${el('DTSTART', ofxDateTime(h.start))}${el('DTEND', ofxDateTime(h.end))}\n`,
  line: (l: StatementLine) => {
    if (l.amount.isZero()) return '';
    const memo = [l.transactionType ?? l.operation, l.operation, l.txid ? `txid ${l.txid}` : null, l.counterpartyDocument]
      .filter((part): part is string => part !== null)
      .join(' ');
    return (
      '<STMTTRN>' +
      el('TRNTYPE', trnType(l)) +
      el('DTPOSTED', ofxDateTime(l.at)) +
      el('TRNAMT', l.amount.toFixed2()) +
      el('FITID', l.entryId) +
      (l.endToEndId ? el('REFNUM', l.endToEndId) : '') +
      (l.counterpartyName ? el('NAME', cut(l.counterpartyName, 32)) : '') +
      el('MEMO', cut(memo, 255)) +
      '</STMTTRN>\n'
    );
  },
  tail: (h: StatementHeading) =>
    '</BANKTRANLIST>\n' +
    balance('LEDGERBAL', totalOf(h.closing), h.end) +
    balance('AVAILBAL', h.closing.available, h.end) +
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n',
};
