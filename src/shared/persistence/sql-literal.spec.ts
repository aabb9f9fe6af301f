import { sqlLiteral } from './sql-literal.js';

describe('sqlLiteral', () => {
  it('writes NULL for null and undefined', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(undefined)).toBe('NULL');
  });

  it('quotes every other value, so its context types it as it would a parameter', () => {
    expect(sqlLiteral('1.00')).toBe("'1.00'");
    expect(sqlLiteral(42)).toBe("'42'");
    expect(sqlLiteral(true)).toBe("'true'");
    expect(sqlLiteral(new Date('2026-11-24T10:00:00.000Z'))).toBe("'2026-11-24T10:00:00.000Z'");
    expect(sqlLiteral({ a: 1 })).toBe(`'{"a":1}'`);
  });

  it("doubles quotes and marks backslashes with E'', so no value can end its literal", () => {
    expect(sqlLiteral("O'Brien'); DROP TABLE x; --")).toBe("'O''Brien''); DROP TABLE x; --'");
    expect(sqlLiteral('a\\b')).toBe(" E'a\\\\b'");
  });

  it('refuses a NUL, which would cut the query text short on the wire', () => {
    expect(() => sqlLiteral('a\0b')).toThrow(expect.objectContaining({ code: '22021' }));
    expect(() => sqlLiteral(['ok', 'a\0b'])).toThrow(expect.objectContaining({ code: '22021' }));
  });

  it('writes arrays in the array input format, elements quoted and escaped', () => {
    expect(sqlLiteral(['a', null, 'say "hi"', String.raw`back\slash`])).toBe(String.raw` E'{"a",NULL,"say \\"hi\\"","back\\\\slash"}'`);
    expect(sqlLiteral([])).toBe("'{}'");
    expect(() => sqlLiteral([['nested']])).toThrow('nested arrays');
  });

  it('refuses values that have no faithful text form', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow('finite');
    expect(() => sqlLiteral(new Date('nope'))).toThrow('invalid Date');
    expect(() => sqlLiteral(() => 1)).toThrow('cannot be written');
  });
});
