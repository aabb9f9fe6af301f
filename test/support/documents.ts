import { cnpjWithCheckDigits, cpfWithCheckDigits } from '../../src/shared/domain/tax-id.js';

/** Random valid CPFs and CNPJs, so every test client has its own document. */
function randomDigits(n: number): string {
  return Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
}

export function randomCpf(): string {
  return cpfWithCheckDigits(randomDigits(9));
}

export function randomCnpj(): string {
  return cnpjWithCheckDigits(`${randomDigits(8)}0001`);
}

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A random valid alphanumeric CNPJ (IN RFB nº 2.229/2024): twelve digits or upper-case letters, at least
 * one a letter, then the two check digits (docs/adr/0219-the-alphanumeric-cnpj.md).
 */
export function randomAlphanumericCnpj(): string {
  const chars = Array.from({ length: 12 }, () => ALPHANUMERIC[Math.floor(Math.random() * ALPHANUMERIC.length)]!);
  chars[2] = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[Math.floor(Math.random() * 26)]!;
  return cnpjWithCheckDigits(chars.join(''));
}
