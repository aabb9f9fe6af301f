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
