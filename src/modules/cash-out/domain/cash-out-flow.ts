import { InvalidCashOutRequestError } from './cash-out.errors.js';

export const KEY_FIELDS = ['pix_key', 'pix_key_type'] as const;
export const BANK_FIELDS = [
  'receiver_name',
  'receiver_document',
  'receiver_ispb',
  'receiver_branch',
  'receiver_account',
  'receiver_account_type',
] as const;

export type CashOutFlow = 'key' | 'bank' | 'qr';

type Fields = Partial<Record<(typeof KEY_FIELDS)[number] | (typeof BANK_FIELDS)[number], unknown>>;

/**
 * Picks the flow from the fields supplied (spec rules 1-3): key fields (Flow 1), bank fields
 * (Flow 2), or the X-Pix-Lookup-E2E header alone (Flow 3). Mixing flows or a partial flow is a 400
 * that names the offending fields.
 */
export function selectFlow(body: Fields, lookupHeader: string | undefined): CashOutFlow {
  const given = (names: readonly string[]) => names.filter((n) => body[n as keyof Fields] !== undefined);
  const key = given(KEY_FIELDS);
  const bank = given(BANK_FIELDS);
  const qr = lookupHeader !== undefined && lookupHeader !== '';
  const chosen = [key.length > 0 && 'key', bank.length > 0 && 'bank', qr && 'qr'].filter(Boolean) as CashOutFlow[];
  const [flow, ...others] = chosen;
  if (flow === undefined) {
    throw new InvalidCashOutRequestError('Supply pix_key and pix_key_type, the receiver_* bank fields, or X-Pix-Lookup-E2E', [
      { field: 'pix_key', issue: 'required unless bank details or X-Pix-Lookup-E2E are given' },
    ]);
  }
  if (others.length > 0) {
    const fields = [...key, ...bank, ...(qr ? ['X-Pix-Lookup-E2E'] : [])];
    throw new InvalidCashOutRequestError(
      `Fields of more than one flow were given: ${fields.join(', ')}`,
      fields.map((field) => ({
        field,
        issue: 'mixes cash-out flows',
      })),
    );
  }
  const required = flow === 'key' ? KEY_FIELDS : flow === 'bank' ? BANK_FIELDS : [];
  const missing = required.filter((f) => body[f] === undefined);
  if (missing.length > 0) {
    throw new InvalidCashOutRequestError(
      `Missing field(s) for this flow: ${missing.join(', ')}`,
      missing.map((field) => ({
        field,
        issue: 'required for this flow',
      })),
    );
  }
  return flow;
}
