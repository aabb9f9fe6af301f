/** RFC 4180 read back by the letter (CRLF records, quoted fields with doubled quotes), for the statement tests. */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('an unterminated quoted field');
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') break;
        else field += text[i++];
      }
      i++;
    } else if (text[i] === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (text.startsWith('\r\n', i)) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else if (text[i] === '\n' || text[i] === '\r') {
      throw new Error(`a bare line break at ${i}: RFC 4180 ends records with CRLF`);
    } else field += text[i++];
  }
  if (field !== '' || record.length > 0) throw new Error('the last record has no CRLF');
  return records;
}

/** The records after the header as objects by column name. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = readCsv(text);
  return rows.map((r) => Object.fromEntries(header!.map((name, i) => [name, r[i]!])));
}
