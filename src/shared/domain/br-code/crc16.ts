const POLYNOMIAL = 0x1021;
const INITIAL = 0xffff;
const utf8 = new TextEncoder();

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) as the BR Code manual
 * prescribes for field 63: four upper-case hex digits. Computed over the UTF-8 bytes, so a payload
 * carrying non-ASCII text is checked the way the payer's app encoded it into the QR image.
 */
export function crc16CcittFalse(input: string): string {
  let crc = INITIAL;
  for (const byte of utf8.encode(input)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ POLYNOMIAL) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
