import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The Pix API's txid of a charge: 26 to 35 letters and digits. Ours are 32 (about 190 bits). */
export const TXID_LENGTH = 32;
export const TXID_PATTERN = /^[A-Za-z0-9]{26,35}$/;

/** A new random txid; rejection sampling keeps every character equally likely. */
export function newTxid(): string {
  let out = '';
  while (out.length < TXID_LENGTH) {
    for (const b of randomBytes(TXID_LENGTH * 2)) {
      if (b < 248 && out.length < TXID_LENGTH) out += ALPHANUMERIC[b % ALPHANUMERIC.length];
    }
  }
  return out;
}
