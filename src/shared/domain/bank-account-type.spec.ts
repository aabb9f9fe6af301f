import { BANK_ACCOUNT_TYPES, bankAccountTypeFromDict, dictAccountTypeOf } from './bank-account-type.js';

describe('bank account types', () => {
  it('translates every DICT code to the API spelling and back', () => {
    expect(['CACC', 'SVGS', 'SLRY', 'TRAN'].map(bankAccountTypeFromDict)).toEqual(['checking', 'savings', 'salary', 'payment']);
    for (const t of BANK_ACCOUNT_TYPES) expect(bankAccountTypeFromDict(dictAccountTypeOf(t))).toBe(t);
  });

  it('refuses a code it does not know rather than guess', () => {
    expect(() => bankAccountTypeFromDict('XXXX')).toThrow(new Error('unknown DICT account type XXXX'));
  });
});
