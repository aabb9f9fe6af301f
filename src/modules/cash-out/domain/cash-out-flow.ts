import { InvalidCashOutRequestError } from './cash-out.errors.js';

/** The command's fields of each flow, each with the request field it comes from: a refusal names what the client sent. */
const KEY_FIELDS = { pixKey: 'pix_key', pixKeyType: 'pix_key_type' } as const;
const BANK_FIELDS = {
  receiverName: 'receiver_name',
  receiverDocument: 'receiver_document',
  receiverIspb: 'receiver_ispb',
  receiverBranch: 'receiver_branch',
  receiverAccount: 'receiver_account',
  receiverAccountType: 'receiver_account_type',
} as const;

export type CashOutFlow = 'key' | 'bank' | 'qr';

/**
 * How the payer initiated the payment, in the SPI's words (pacs.008 `LocalInstrument`): `MANU` bank details
 * keyed in (Flow 2), `DICT` a Pix key (Flow 1), `QRES` a static QR code, `QRDN` a dynamic one (Flow 3).
 */
export type CashOutInitiation = 'MANU' | 'DICT' | 'QRES' | 'QRDN';

export function initiationOf(flow: CashOutFlow, qrType?: 'static' | 'dynamic'): CashOutInitiation {
  if (flow === 'key') return 'DICT';
  if (flow === 'bank') return 'MANU';
  if (qrType === undefined) throw new Error('a QR payment needs the type of its QR code');
  return qrType === 'static' ? 'QRES' : 'QRDN';
}

type Field = keyof typeof KEY_FIELDS | keyof typeof BANK_FIELDS;
type Fields = Partial<Record<Field, unknown>>;

/**
 * Picks the flow from the fields supplied (spec rules 1-3): key fields (Flow 1), bank fields
 * (Flow 2), or the X-Pix-Lookup-E2E header alone (Flow 3). Mixing flows or a partial flow is a 400
 * that names the offending fields.
 */
export function selectFlow(command: Fields, lookupHeader: string | undefined): CashOutFlow {
  // The request names of the fields of `fields` that the command has (`present`) or lacks.
  const requestNames = (fields: Record<string, string>, present: boolean) =>
    Object.entries(fields)
      .filter(([field]) => (command[field as Field] !== undefined) === present)
      .map(([, requestField]) => requestField);
  const key = requestNames(KEY_FIELDS, true);
  const bank = requestNames(BANK_FIELDS, true);
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
  const missing = requestNames(flow === 'key' ? KEY_FIELDS : flow === 'bank' ? BANK_FIELDS : {}, false);
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
