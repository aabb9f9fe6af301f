import fc from 'fast-check';
import { cnpjWithCheckDigits, cpfWithCheckDigits, isValidCnpj, isValidCpf, maskDocument, maskedDocument, personTypeOf } from './tax-id.js';

describe('tax ids', () => {
  it('accepts CPFs with correct check digits and rejects others', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
  });

  it('accepts CNPJs with correct check digits and rejects others', () => {
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });

  it('derives the person type', () => {
    expect(personTypeOf('52998224725')).toBe('NATURAL_PERSON');
    expect(personTypeOf('11222333000181')).toBe('LEGAL_PERSON');
    expect(personTypeOf('123')).toBeNull();
  });

  it('masks the middle digits only', () => {
    expect(maskDocument('12345678909')).toBe('***.456.789-**');
    expect(maskDocument('11222333000181')).toBe('**.222.333/0001-**');
  });

  it('maskedDocument masks a whole document once and leaves a masked one as it is', () => {
    for (const document of ['12345678909', '11222333000181', '12ABC34501DE35']) {
      expect(maskedDocument(document)).toBe(maskDocument(document));
      expect(maskedDocument(maskedDocument(document))).toBe(maskDocument(document));
    }
  });

  it('masks an alphanumeric CNPJ at the same positions (ADR 0217)', () => {
    expect(maskDocument('12ABC34501DE35')).toBe('**.ABC.345/01DE-**');
  });

  it('an alphanumeric CNPJ is a legal person', () => {
    expect(personTypeOf('12ABC34501DE35')).toBe('LEGAL_PERSON');
    expect(personTypeOf('12abc34501de35')).toBeNull();
  });
});

describe('check-digit completion', () => {
  it('completes a CPF base into the valid document', () => {
    expect(cpfWithCheckDigits('529982247')).toBe('52998224725');
    expect(isValidCpf(cpfWithCheckDigits('123456789'))).toBe(true);
  });

  it('completes a CNPJ base into the valid document', () => {
    expect(cnpjWithCheckDigits('112223330001')).toBe('11222333000181');
    expect(isValidCnpj(cnpjWithCheckDigits('987654320001'))).toBe(true);
  });

  // IN RFB nº 2.229/2024: each character valued at its ASCII code minus 48; the Receita's example 12.ABC.345/01DE-35
  it('completes an alphanumeric CNPJ base as the Receita Federal does', () => {
    expect(cnpjWithCheckDigits('12ABC34501DE')).toBe('12ABC34501DE35');
    expect(cnpjWithCheckDigits('1A2B3C4D0001')).toBe('1A2B3C4D000179');
    expect(cnpjWithCheckDigits('ABCDEFGHIJKL')).toBe('ABCDEFGHIJKL80');
  });

  it('refuses a base with lower-case letters or other characters', () => {
    expect(() => cnpjWithCheckDigits('12abc34501de')).toThrow(RangeError);
    expect(() => cnpjWithCheckDigits('12ABC3450-DE')).toThrow(RangeError);
  });

  it('refuses a base of the wrong length', () => {
    expect(() => cpfWithCheckDigits('12345678')).toThrow(RangeError);
    expect(() => cnpjWithCheckDigits('1234567800012')).toThrow(RangeError);
  });
});

describe('alphanumeric CNPJ, properties', () => {
  const base = fc.stringMatching(/^[0-9A-Z]{12}$/).filter((b) => !/^(.)\1*$/.test(b));

  it('every completed base is valid, a legal person, and masked at the CNPJ positions', () => {
    fc.assert(
      fc.property(base, (b) => {
        const cnpj = cnpjWithCheckDigits(b);
        expect(cnpj).toMatch(/^[0-9A-Z]{12}\d{2}$/);
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(personTypeOf(cnpj)).toBe('LEGAL_PERSON');
        expect(maskDocument(cnpj)).toBe(`**.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-**`);
      }),
    );
  });

  it('any other pair of check digits, and the same CNPJ in lower case, is refused', () => {
    fc.assert(
      fc.property(base, fc.integer({ min: 0, max: 99 }), (b, n) => {
        const cnpj = cnpjWithCheckDigits(b);
        const other = b + String(n).padStart(2, '0');
        fc.pre(other !== cnpj);
        expect(isValidCnpj(other)).toBe(false);
        if (/[A-Z]/.test(b)) expect(isValidCnpj(cnpj.toLowerCase())).toBe(false);
      }),
    );
  });

  it('on digits alone it is the numeric CNPJ rule, unchanged', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), (b) => {
        const weights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
        const dv = (s: string) => {
          const r = [...s].reduce((sum, c, i) => sum + Number(c) * weights[13 - s.length + i]!, 0) % 11;
          return r < 2 ? 0 : 11 - r;
        };
        const first = b + dv(b);
        expect(cnpjWithCheckDigits(b)).toBe(first + dv(first));
      }),
    );
  });
});
