import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hasError, isDynamicPix, isStaticPix, parsePix } from 'pix-utils';
import { parseBrCode, type BrCode } from './br-code.js';
import { InvalidBrCodeError } from './br-code.errors.js';
import { crc16CcittFalse } from './crc16.js';

/** One entry of fixtures/real-br-codes.json (its `about` explains the fields). */
interface CorpusEntry {
  id: string;
  source: string;
  code: string;
  expect: Partial<Pick<BrCode, 'type' | 'pixKey' | 'url' | 'amount' | 'txid' | 'merchantName' | 'merchantCity'>> & {
    invalid?: string;
    because?: string;
  };
  pixUtilsDiffers?: string;
  constructed?: boolean;
}

const FIXTURE = join(process.cwd(), 'src/shared/domain/br-code/fixtures/real-br-codes.json');
const corpus = (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { codes: CorpusEntry[] }).codes;
const real = corpus.filter((entry) => !entry.constructed);
const READ_FIELDS = ['type', 'pixKey', 'url', 'amount', 'txid', 'merchantName', 'merchantCity'] as const;

function ours(code: string): { code: BrCode } | { error: InvalidBrCodeError } {
  try {
    return { code: parseBrCode(code) };
  } catch (error) {
    if (error instanceof InvalidBrCodeError) return { error };
    throw error;
  }
}

function crcMatches(code: string): boolean {
  return /6304[0-9A-Fa-f]{4}$/.test(code) && code.slice(-4).toUpperCase() === crc16CcittFalse(code.slice(0, -4));
}

describe('the real-world BR Code corpus', () => {
  it('holds at least 40 distinct real codes, each with its source, valid and invalid ones', () => {
    expect(real.length).toBeGreaterThanOrEqual(40);
    expect(new Set(corpus.map((entry) => entry.code)).size).toBe(corpus.length);
    expect(new Set(corpus.map((entry) => entry.id)).size).toBe(corpus.length);
    for (const entry of real) expect(entry.source).toMatch(/^[\w.-]+\/[\w.-]+: \S/);
    expect(real.filter((entry) => entry.expect.invalid === undefined).length).toBeGreaterThanOrEqual(20);
    expect(real.filter((entry) => entry.expect.invalid !== undefined).length).toBeGreaterThanOrEqual(15);
  });

  // docs/adr/0240-a-static-txid-is-read-as-the-scheme-writes-it.md: a static code's txid is letters and digits.
  it('includes the BR Code manual static example, whose txid has a hyphen, as refused at 62.05', () => {
    const manual = corpus.find((entry) => entry.id === 'bcb-manual-static-with-txid')!;
    expect(() => parseBrCode(manual.code)).toThrow(expect.objectContaining({ emvField: '62.05' }));
  });
});

describe.each(corpus.map((entry) => [entry.id, entry] as const))('%s', (_id, entry) => {
  if (entry.expect.invalid !== undefined) {
    it(`is refused at ${entry.expect.invalid}`, () => {
      const result = ours(entry.code);
      expect('error' in result && result.error.emvField).toBe(entry.expect.invalid);
      if ('error' in result) expect(result.error.message).toContain(entry.expect.because);
    });
  } else {
    it('is read as the fixture says, and its CRC matches', () => {
      expect(crcMatches(entry.code)).toBe(true);
      const result = ours(entry.code);
      expect('code' in result).toBe(true);
      if (!('code' in result)) return;
      for (const field of READ_FIELDS) expect([field, result.code[field]]).toEqual([field, entry.expect[field]]);
    });
  }

  const differs = entry.pixUtilsDiffers;

  if (differs !== undefined) {
    it('gets the other verdict from pix-utils, for the documented reason', () => {
      expect(differs.length).toBeGreaterThan(20);
      expect(hasError(parsePix(entry.code))).toBe(entry.expect.invalid === undefined);
    });
    return;
  }

  it('gets the same verdict from pix-utils, and the same key, amount, txid, name and city', () => {
    const oracle = parsePix(entry.code);
    const result = ours(entry.code);
    expect(hasError(oracle)).toBe(entry.expect.invalid !== undefined);
    if (hasError(oracle) || !('code' in result)) return;
    const read = result.code;
    if (isStaticPix(oracle)) {
      expect(read.type).toBe('static');
      const theirs = [oracle.pixKey, oracle.txid, oracle.merchantName, oracle.merchantCity];
      expect(theirs).toEqual([read.pixKey, read.txid, read.merchantName, read.merchantCity]);
      // pix-utils gives the amount as a JS number, 0 when the code fixes none.
      expect((oracle.transactionAmount ?? 0).toFixed(2)).toBe(read.amount ?? '0.00');
    } else if (isDynamicPix(oracle)) {
      expect(read.type).toBe('dynamic');
      expect([oracle.url, oracle.merchantName, oracle.merchantCity]).toEqual([read.url, read.merchantName, read.merchantCity]);
    } else {
      throw new Error(`pix-utils read ${entry.id} as ${oracle.type}`);
    }
  });
});
