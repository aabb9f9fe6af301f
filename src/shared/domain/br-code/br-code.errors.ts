import { DomainError } from '../../errors/domain-error.js';

const TOP_LEVEL_NAMES: Record<string, string> = {
  '00': 'Payload Format Indicator',
  '01': 'Point of Initiation Method',
  '52': 'Merchant Category Code',
  '53': 'Transaction Currency',
  '54': 'Transaction Amount',
  '58': 'Country Code',
  '59': 'Merchant Name',
  '60': 'Merchant City',
  '61': 'Postal Code',
  '62': 'Additional Data Field Template',
  '63': 'CRC',
  '64': 'Merchant Information Language Template',
};
const MERCHANT_ACCOUNT_NAMES: Record<string, string> = {
  '00': 'GUI',
  '01': 'Pix key',
  '02': 'Additional Information',
  '25': 'URL',
};
const ADDITIONAL_DATA_NAMES: Record<string, string> = { '05': 'Reference Label (txid)' };

function topLevelName(id: string): string | undefined {
  const n = Number(id);
  if (n >= 2 && n <= 51) return 'Merchant Account Information';
  if (n >= 80 && n <= 99) return 'Unreserved Template';
  return TOP_LEVEL_NAMES[id];
}

/** "26.01" -> "26.01 (Pix key)"; a path that is not an EMV id (e.g. "payload") is returned as is. */
export function describeBrCodeField(path: string): string {
  const [top, sub] = path.split('.');
  if (!/^\d{2}$/.test(top ?? '')) return path;
  const topName = topLevelName(top!);
  if (sub === undefined) return topName ? `${path} (${topName})` : path;
  const subNames = topName === 'Merchant Account Information' ? MERCHANT_ACCOUNT_NAMES : top === '62' ? ADDITIONAL_DATA_NAMES : {};
  const subName = subNames[sub];
  return subName ? `${path} (${subName})` : topName ? `${path} (in ${topName})` : path;
}

/** A payload that is not a valid Pix BR Code; `emvField` is the EMV id path at fault ("62.05"), or "payload". */
export class InvalidBrCodeError extends DomainError {
  constructor(
    readonly emvField: string,
    issue: string,
  ) {
    const what = `${describeBrCodeField(emvField)} ${issue}`;
    super('INVALID_BR_CODE', `Invalid BR Code: ${what}`, [{ field: 'br_code', issue: what }]);
  }
}
