/**
 * The one vocabulary of `account_type` in every `bank` object the API shows or takes (Flow 2's
 * `receiver_account_type`): checking, savings, salary or payment. The key directory (DICT) speaks ISO
 * codes; they are translated here, at the edge, and nowhere else.
 */
export const BANK_ACCOUNT_TYPES = ['checking', 'savings', 'salary', 'payment'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/** DICT account types (CACC, SVGS, SLRY, TRAN) by API spelling. */
const DICT_CODES: Record<BankAccountType, string> = { checking: 'CACC', savings: 'SVGS', salary: 'SLRY', payment: 'TRAN' };

export function bankAccountTypeFromDict(code: string): BankAccountType {
  const found = (Object.keys(DICT_CODES) as BankAccountType[]).find((t) => DICT_CODES[t] === code.toUpperCase());
  if (!found) throw new Error(`unknown DICT account type ${code}`);
  return found;
}

export function dictAccountTypeOf(type: BankAccountType): string {
  return DICT_CODES[type];
}
