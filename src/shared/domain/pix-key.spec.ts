import fc from 'fast-check';
import { detectPixKeyType, isValidPixKey, PIX_KEY_TYPES } from './pix-key.js';
import { isValidCnpj, isValidCpf } from './tax-id.js';

describe('isValidCpf', () => {
  it.each(['52998224725', '11144477735', '39053344705'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    ['a wrong first check digit', '52998224715'],
    ['a wrong second check digit', '52998224724'],
    ['repeated digits (whose check digits add up)', '11111111111'],
    ['zeros', '00000000000'],
    ['punctuation', '529.982.247-25'],
    ['10 digits', '5299822472'],
    ['12 digits', '529982247250'],
    ['letters', '5299822472a'],
  ])('refuses %s', (_, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe('isValidCnpj', () => {
  // IN RFB nº 2.229/2024: the Receita Federal's example, then bases completed independently (ASCII - 48, mod 11)
  it.each(['11222333000181', '11444777000161', '45997418000153', '12ABC34501DE35', 'ABCDEFGHIJKL80', '1A2B3C4D000179', 'ZZZZZZZZZZZZ62'])(
    'accepts %s',
    (cnpj) => {
      expect(isValidCnpj(cnpj)).toBe(true);
    },
  );

  it.each([
    ['a wrong first check digit', '11222333000191'],
    ['a wrong second check digit', '11222333000182'],
    ['repeated digits', '00000000000000'],
    ['repeated nines', '99999999999999'],
    ['punctuation', '11.222.333/0001-81'],
    ['lower-case letters (refused, never upper-cased: ADR 0217)', '12abc34501de35'],
    ['an alphanumeric CNPJ with a wrong check digit', '12ABC34501DE36'],
    ['a letter in a check digit', '12ABC34501DE3A'],
    ['punctuated alphanumeric', '12.ABC.345/01DE-35'],
    ['13 digits', '1122233300018'],
  ])('refuses %s', (_, cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
});

describe('isValidPixKey', () => {
  it.each([
    ['PHONE', '+5511987654321'],
    ['PHONE', '+12'],
    ['PHONE', '+123456789012345'],
    ['EMAIL', 'fulano@example.com'],
    ['EMAIL', 'first.last+tag@sub.example.com.br'],
    ['EMAIL', `${'a'.repeat(64)}@example.com`],
    ['EMAIL', `${'a'.repeat(60)}@${'b'.repeat(12)}.com`],
    ['EVP', '123e4567-e12b-12d1-a456-426655440000'],
    ['CPF', '52998224725'],
    ['CNPJ', '11222333000181'],
  ] as const)('accepts %s %s', (type, value) => {
    expect(isValidPixKey(type, value)).toBe(true);
  });

  it.each([
    ['PHONE', '5511987654321', 'no plus'],
    ['PHONE', '+0511987654321', 'a leading zero country code'],
    ['PHONE', '+1', 'one digit'],
    ['PHONE', '+1234567890123456', '16 digits'],
    ['PHONE', '+55 11 98765-4321', 'punctuation'],
    ['EMAIL', 'Fulano@example.com', 'upper case'],
    ['EMAIL', `${'a'.repeat(61)}@${'b'.repeat(12)}.com`, '78 characters'],
    ['EMAIL', `${'a'.repeat(65)}@x.com`, 'a local part over 64'],
    ['EMAIL', 'fulano@localhost', 'no dotted domain'],
    ['EMAIL', 'fulano@example.c0m', 'a numeric top-level label'],
    ['EMAIL', 'fulano@@example.com', 'two at signs'],
    ['EMAIL', 'a@b@example.com', 'an at sign in the local part'],
    ['EMAIL', '@example.com', 'an empty local part'],
    ['EMAIL', '.fulano@example.com', 'a leading dot'],
    ['EMAIL', 'ful..ano@example.com', 'two dots in a row'],
    ['EMAIL', 'fulano@-example.com', 'a label starting with a hyphen'],
    ['EMAIL', 'fulano@example..com', 'an empty label'],
    ['EMAIL', 'ful ano@example.com', 'a space'],
    ['EVP', '123E4567-E12B-12D1-A456-426655440000', 'upper case'],
    ['EVP', '123e4567e12b12d1a456426655440000', 'no hyphens'],
    ['EVP', '123e4567-e12b-12d1-a456-42665544000g', 'a non-hex digit'],
    ['CPF', '11222333000181', 'a CNPJ'],
    ['CNPJ', '52998224725', 'a CPF'],
  ] as const)('refuses %s %s (%s)', (type, value, _reason) => {
    expect(isValidPixKey(type, value)).toBe(false);
  });

  it('refuses an unknown type', () => {
    expect(isValidPixKey('IBAN' as never, 'x')).toBe(false);
  });
});

describe('detectPixKeyType', () => {
  it.each([
    ['52998224725', 'CPF'],
    ['11222333000181', 'CNPJ'],
    ['12ABC34501DE35', 'CNPJ'],
    ['+5511987654321', 'PHONE'],
    ['fulano@example.com', 'EMAIL'],
    ['123e4567-e12b-12d1-a456-426655440000', 'EVP'],
  ])('detects %s as %s', (value, type) => {
    expect(detectPixKeyType(value)).toBe(type);
  });

  it.each([
    '',
    '52998224724',
    '5511987654321',
    'Fulano@example.com',
    'not a key',
    '12345678901234567890',
    '12abc34501de35',
    '12ABC34501DE36',
  ])('answers null for %j', (value) => {
    expect(detectPixKeyType(value)).toBeNull();
  });

  it('answers null for non-strings', () => {
    expect(detectPixKeyType(52998224725)).toBeNull();
    expect(detectPixKeyType(undefined)).toBeNull();
  });

  it('never detects a type that isValidPixKey then refuses, and no value fits two types', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.stringMatching(/^\+?\d{1,16}$/), fc.uuid(), fc.stringMatching(/^[0-9A-Za-z]{12}\d{2}$/)),
        (value) => {
          const type = detectPixKeyType(value);
          const fitting = PIX_KEY_TYPES.filter((t) => isValidPixKey(t, value));
          expect(fitting.length).toBeLessThanOrEqual(1);
          expect(type).toBe(fitting[0] ?? null);
        },
      ),
    );
  });
});
