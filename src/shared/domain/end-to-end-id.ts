import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `E` (or `D` for refunds) + ISPB + yyyyMMddHHmm (UTC) + 11 alphanumerics = 32 chars (docs/conventions.md §4). */
export function newEndToEndId(ispb: string, now: Date, prefix: 'E' | 'D' = 'E'): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 12);
  const bytes = randomBytes(11);
  let suffix = '';
  for (const b of bytes) suffix += ALPHANUMERIC[b % ALPHANUMERIC.length];
  return `${prefix}${ispb}${stamp}${suffix}`;
}

export const END_TO_END_ID_PATTERN = /^[ED]\d{8}\d{12}[A-Za-z0-9]{11}$/;
