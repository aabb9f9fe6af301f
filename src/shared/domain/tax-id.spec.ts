import { cnpjWithCheckDigits, cpfWithCheckDigits, isValidCnpj, isValidCpf, maskDocument, personTypeOf } from './tax-id.js';

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

  it('refuses a base of the wrong length', () => {
    expect(() => cpfWithCheckDigits('12345678')).toThrow(RangeError);
    expect(() => cnpjWithCheckDigits('1234567800012')).toThrow(RangeError);
  });
});
