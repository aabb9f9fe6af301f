import { assertBelowKeyLimit, KEY_LIMITS, registrableKeyValue, type KeyHolder } from './key-registration.rules.js';

const person: KeyHolder = { document: '52998224725', personType: 'NATURAL_PERSON' };
const company: KeyHolder = { document: '11222333000181', personType: 'LEGAL_PERSON' };
const evp = () => '3f1c2b8e-9a4d-4c6e-8f7a-1b2c3d4e5f60';

function refusal(fn: () => unknown): { code: string; details: unknown } {
  try {
    fn();
  } catch (e) {
    return e as { code: string; details: unknown };
  }
  throw new Error('expected a refusal');
}

describe('registrableKeyValue', () => {
  it.each([
    ['CPF', '52998224725', person],
    ['CNPJ', '11222333000181', company],
    ['EMAIL', 'maria.silva+pix@example.com.br', person],
    ['EMAIL', `${'a'.repeat(60)}@${'b'.repeat(12)}.com`, person], // 77 characters
    ['PHONE', '+5511987654321', person],
    ['PHONE', '+556133334444', person],
  ] as const)('accepts %s %s', (type, value, holder) => {
    expect(registrableKeyValue(type, value, holder, evp)).toBe(value);
  });

  it('generates the EVP value', () => {
    expect(registrableKeyValue('EVP', undefined, person, evp)).toBe(evp());
  });

  it.each([
    ['a bad CPF check digit', 'CPF', '52998224724', 'INVALID_PIX_KEY'],
    ['a punctuated CPF', 'CPF', '529.982.247-25', 'INVALID_PIX_KEY'],
    ["someone else's CPF", 'CPF', '11144477735', 'KEY_OWNER_MISMATCH'],
    ['a CNPJ key for a natural person', 'CNPJ', '11222333000181', 'KEY_OWNER_MISMATCH'],
    ['a bad CNPJ check digit', 'CNPJ', '11222333000182', 'INVALID_PIX_KEY'],
    ['an upper-case e-mail', 'EMAIL', 'Maria@example.com', 'INVALID_PIX_KEY'],
    ['a 78-character e-mail', 'EMAIL', `${'a'.repeat(60)}@${'b'.repeat(13)}.com`, 'INVALID_PIX_KEY'],
    ['an e-mail without a domain', 'EMAIL', 'maria@', 'INVALID_PIX_KEY'],
    ['a phone without +55', 'PHONE', '11987654321', 'INVALID_PIX_KEY'],
    ['a foreign phone', 'PHONE', '+14155550123', 'INVALID_PIX_KEY'],
    ['a phone with a zero in the area code', 'PHONE', '+5501987654321', 'INVALID_PIX_KEY'],
    ['a phone that is too long', 'PHONE', '+55119876543210', 'INVALID_PIX_KEY'],
    ['a client-supplied EVP', 'EVP', evp(), 'VALIDATION_ERROR'],
    ['a missing e-mail', 'EMAIL', undefined, 'VALIDATION_ERROR'],
    ['an empty CPF', 'CPF', '', 'VALIDATION_ERROR'],
  ] as const)('refuses %s', (_, type, value, code) => {
    const e = refusal(() => registrableKeyValue(type, value, person, evp));
    expect(e.code).toBe(code);
    expect(e.details).toEqual([expect.objectContaining({ field: 'key_value' })]);
  });

  it('refuses a CPF key for a legal person (its document is a CNPJ)', () => {
    expect(refusal(() => registrableKeyValue('CPF', '52998224725', company, evp)).code).toBe('KEY_OWNER_MISMATCH');
  });

  // IN RFB nº 2.229/2024, beyond DICT's ^\d{14}$ on purpose (docs/adr/0219-the-alphanumeric-cnpj.md)
  describe('an alphanumeric CNPJ', () => {
    const alpha: KeyHolder = { document: '12ABC34501DE35', personType: 'LEGAL_PERSON' };

    it("registers as its holder's CNPJ key", () => {
      expect(registrableKeyValue('CNPJ', '12ABC34501DE35', alpha, evp)).toBe('12ABC34501DE35');
    });

    it.each([
      [
        'lower case (refused, never upper-cased)',
        '12abc34501de35',
        'must be 14 characters without punctuation: 12 digits or upper-case letters, then 2 digits',
      ],
      ['punctuated', '12.ABC.345/01DE-35', 'must be 14 characters without punctuation: 12 digits or upper-case letters, then 2 digits'],
      ['a wrong check digit', '12ABC34501DE36', 'has invalid CNPJ check digits'],
    ])('refuses it %s, saying why', (_, value, issue) => {
      expect(refusal(() => registrableKeyValue('CNPJ', value, alpha, evp))).toMatchObject({
        code: 'INVALID_PIX_KEY',
        details: [{ field: 'key_value', issue }],
      });
    });
  });

  it('says why an e-mail is refused', () => {
    expect(refusal(() => registrableKeyValue('EMAIL', 'Maria@example.com', person, evp)).details).toEqual([
      { field: 'key_value', issue: 'must be lower case' },
    ]);
  });

  it('refuses to store a generated EVP that is not a lower-case UUID', () => {
    expect(() => registrableKeyValue('EVP', undefined, person, () => '3F1C2B8E-9A4D-4C6E-8F7A-1B2C3D4E5F60')).toThrow(
      new Error('generated EVP is not a lower-case UUID'),
    );
  });
});

describe('assertBelowKeyLimit', () => {
  it('allows 5 keys per account of a natural person and 20 of a legal person', () => {
    expect(KEY_LIMITS).toEqual({ NATURAL_PERSON: 5, LEGAL_PERSON: 20 });
    expect(() => assertBelowKeyLimit('NATURAL_PERSON', 4)).not.toThrow();
    expect(() => assertBelowKeyLimit('LEGAL_PERSON', 19)).not.toThrow();
  });

  it.each([
    ['NATURAL_PERSON', 5],
    ['LEGAL_PERSON', 20],
  ] as const)('refuses the next key of a %s holding %i with KEY_LIMIT_REACHED', (personType, held) => {
    expect(refusal(() => assertBelowKeyLimit(personType, held)).code).toBe('KEY_LIMIT_REACHED');
  });
});
