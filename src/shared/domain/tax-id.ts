/** CPF (11 digits) and CNPJ (14 digits) with their check digits, as the Receita Federal defines them. */

function allSame(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

function checkDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || allSame(value)) return false;
  const d1 = checkDigit(value, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = checkDigit(value, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d1 === Number(value[9]) && d2 === Number(value[10]);
}

export function isValidCnpj(value: string): boolean {
  if (!/^\d{14}$/.test(value) || allSame(value)) return false;
  const d1 = checkDigit(value, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = checkDigit(value, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d1 === Number(value[12]) && d2 === Number(value[13]);
}

export type PersonType = 'NATURAL_PERSON' | 'LEGAL_PERSON';

/** The person type a valid document implies, or null for an invalid document. */
export function personTypeOf(document: string): PersonType | null {
  if (isValidCpf(document)) return 'NATURAL_PERSON';
  if (isValidCnpj(document)) return 'LEGAL_PERSON';
  return null;
}

/** CPF as `***.456.789-**`, CNPJ as `**.345.678/0001-**` (docs/conventions.md §10). */
export function maskDocument(document: string): string {
  if (document.length === 11) return `***.${document.slice(3, 6)}.${document.slice(6, 9)}-**`;
  if (document.length === 14) {
    return `**.${document.slice(2, 5)}.${document.slice(5, 8)}/${document.slice(8, 12)}-**`;
  }
  return '***';
}
