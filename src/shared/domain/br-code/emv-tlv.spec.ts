import { InvalidBrCodeError } from './br-code.errors.js';
import { encodeTlv, findField, isTemplateId, parseTemplate, parseTlv } from './emv-tlv.js';

function failure(run: () => unknown): InvalidBrCodeError {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidBrCodeError) return error;
    throw error;
  }
  throw new Error('expected an InvalidBrCodeError');
}

describe('parseTlv', () => {
  it('splits a string into ordered id/length/value fields with their paths', () => {
    expect(parseTlv('000201010212' + '5913Fulano de Tal')).toEqual([
      { id: '00', length: 2, value: '01', path: '00' },
      { id: '01', length: 2, value: '12', path: '01' },
      { id: '59', length: 13, value: 'Fulano de Tal', path: '59' },
    ]);
  });

  it('keeps the order given, not ascending ids', () => {
    expect(parseTlv('5802BR000201').map((f) => f.id)).toEqual(['58', '00']);
  });

  it('returns nothing for an empty string', () => {
    expect(parseTlv('')).toEqual([]);
  });

  it('counts lengths in Unicode code points', () => {
    expect(parseTlv('0101😀0203São')).toEqual([
      { id: '01', length: 1, value: '😀', path: '01' },
      { id: '02', length: 3, value: 'São', path: '02' },
    ]);
  });

  it('prefixes nested paths with the parent path', () => {
    expect(parseTlv('0503***', '62')).toEqual([{ id: '05', length: 3, value: '***', path: '62.05' }]);
  });

  it.each([
    ['a non-digit id', '0X0201', 'payload', 'offset 0'],
    ['a one-character tail', '0002010', 'payload', 'offset 6'],
    ['a non-digit length', '00A201', '00', 'not 2 digits'],
    ['a truncated length', '000', '00', 'not 2 digits'],
    ['length 00', '0000', '00', 'length 00'],
    ['a length past the end', '0005abc', '00', 'only 3 characters follow'],
    ['a duplicate id', '000201' + '000201', '00', 'more than once'],
  ])('refuses %s, naming the field', (_, input, field, issue) => {
    const error = failure(() => parseTlv(input));
    expect(error.emvField).toBe(field);
    expect(error.message).toContain(issue);
  });

  it('names the template when a nested field is malformed', () => {
    expect(failure(() => parseTlv('X503***', '62')).emvField).toBe('62');
    expect(failure(() => parseTlv('0509***', '62')).emvField).toBe('62.05');
  });
});

describe('parseTemplate', () => {
  it('parses a template field on demand', () => {
    const [template] = parseTlv('26180014br.gov.bcb.pix');
    expect(parseTemplate(template!)).toEqual([{ id: '00', length: 14, value: 'br.gov.bcb.pix', path: '26.00' }]);
  });

  it('refuses to parse a primitive field as a template', () => {
    const [field] = parseTlv('5913Fulano de Tal');
    expect(failure(() => parseTemplate(field!)).emvField).toBe('59');
  });
});

describe('isTemplateId', () => {
  it.each(['26', '37', '51', '62', '64', '80', '99'])('treats %s as a template', (id) => {
    expect(isTemplateId(id)).toBe(true);
  });

  it.each(['00', '25', '52', '54', '63', '79', '1a', '262'])('treats %s as primitive (or no id)', (id) => {
    expect(isTemplateId(id)).toBe(false);
  });
});

describe('findField', () => {
  it('finds a field by id or answers undefined', () => {
    const fields = parseTlv('0002015802BR');
    expect(findField(fields, '58')?.value).toBe('BR');
    expect(findField(fields, '59')).toBeUndefined();
  });
});

describe('encodeTlv', () => {
  it('writes id, zero-padded length and value', () => {
    expect(encodeTlv('01', '12')).toBe('010212');
    expect(encodeTlv('59', 'Fulano de Tal')).toBe('5913Fulano de Tal');
    expect(encodeTlv('60', 'X'.repeat(99))).toBe(`6099${'X'.repeat(99)}`);
  });

  it('counts code points like the parser', () => {
    expect(encodeTlv('59', 'São')).toBe('5903São');
    expect(parseTlv(encodeTlv('02', '😀x'))[0]!.value).toBe('😀x');
  });

  it('refuses empty and over-long values, naming the path given', () => {
    expect(failure(() => encodeTlv('02', '', '26.02')).emvField).toBe('26.02');
    const tooLong = failure(() => encodeTlv('26', 'x'.repeat(100)));
    expect(tooLong.emvField).toBe('26');
    expect(tooLong.message).toContain('is 100');
  });

  it('refuses an id that is not two digits', () => {
    expect(failure(() => encodeTlv('1', 'x')).emvField).toBe('1');
  });
});
