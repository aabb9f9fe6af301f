import { randomInt } from 'node:crypto';

/**
 * A new account number: 8 random digits (not starting with 0) and a mod-11 check digit. Random, not
 * sequential, so a number cannot be guessed from one's own; the check digit catches typing slips.
 */
export function newAccountNumber(random: (max: number) => number = randomInt): string {
  const body = String(10_000_000 + random(90_000_000));
  return body + checkDigit(body);
}

export function checkDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * ((i % 8) + 2);
  const d = 11 - (sum % 11);
  return d >= 10 ? '0' : String(d);
}
