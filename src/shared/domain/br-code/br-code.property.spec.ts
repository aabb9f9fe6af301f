import fc from 'fast-check';
import { Money } from '../../money/money.js';
import { encodeBrCode, parseBrCode, type BrCode, type BrCodeInput } from './br-code.js';
import { InvalidBrCodeError } from './br-code.errors.js';
import { crc16CcittFalse } from './crc16.js';

const PRINTABLE = /^[\x20-\x7e]$/;
const printableChar = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));

// Keys short enough (<= 43 chars) that a 30-character additional info still fits template 26.
const pixKey = fc.oneof(
  fc.constantFrom('52998224725', '11144477735', '39053344705', '11222333000181', '11444777000161'),
  fc.stringMatching(/^\+[1-9]\d{1,14}$/),
  fc.stringMatching(/^[a-z0-9]{1,20}@[a-z0-9]{1,15}\.[a-z]{2,6}$/),
  fc.uuid().map((uuid) => uuid.toLowerCase()),
);
const url = fc.stringMatching(/^[a-z0-9][a-z0-9.-]{0,19}\/qr\/v2\/[a-z0-9]{1,32}$/);
const words = (maxWords: number) =>
  fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,8}$/), { minLength: 1, maxLength: maxWords }).map((w) => w.join(' '));
const amount = fc.stringMatching(/^\d{1,10}(\.\d{1,2})?$/).filter((raw) => /[1-9]/.test(raw));
const common = {
  merchantName: words(6),
  merchantCity: fc.stringMatching(/^[A-Za-z0-9]{1,15}$/),
  amount: fc.option(amount, { nil: undefined }),
  additionalInfo: fc.option(fc.stringMatching(/^[\x20-\x7e]{1,30}$/), { nil: undefined }),
  postalCode: fc.option(fc.stringMatching(/^\d{8}$/), { nil: undefined }),
  merchantCategoryCode: fc.option(fc.stringMatching(/^\d{4}$/), { nil: undefined }),
};
const staticInput = fc.record({
  type: fc.constant('static' as const),
  pixKey,
  txid: fc.oneof(fc.constant('***'), fc.stringMatching(/^[A-Za-z0-9]{1,25}$/)),
  ...common,
});
const dynamicInput = fc.record({
  type: fc.constant('dynamic' as const),
  url,
  txid: fc.constantFrom('***' as const, undefined),
  ...common,
});
const validInput: fc.Arbitrary<BrCodeInput> = fc.oneof(staticInput, dynamicInput);

/** What parsing the encoder's output must give back for `input`. */
function expected(input: BrCodeInput): BrCode {
  const code: BrCode = {
    type: input.type,
    merchantName: input.merchantName.slice(0, 25).trimEnd(),
    merchantCity: input.merchantCity,
    merchantCategoryCode: input.merchantCategoryCode ?? '0000',
    txid: input.txid ?? '***',
    pointOfInitiation: input.type,
  };
  if (input.type === 'static') code.pixKey = input.pixKey;
  else code.url = input.url;
  if (input.amount !== undefined) code.amount = Money.of(input.amount).toFixed2();
  if (input.additionalInfo !== undefined) code.additionalInfo = input.additionalInfo;
  if (input.postalCode !== undefined) code.postalCode = input.postalCode;
  return code;
}

function parsesOrRefuses(payload: string): void {
  try {
    parseBrCode(payload);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidBrCodeError);
  }
}

describe('BR Code properties', () => {
  it('parse(encode(input)) gives the input back', () => {
    fc.assert(
      fc.property(validInput, (input) => {
        expect(parseBrCode(encodeBrCode(input))).toEqual(expected(input));
      }),
      { numRuns: 500 },
    );
  });

  // CRC-16 catches every error burst of up to 16 bits, so a one-byte (ASCII for ASCII) substitution
  // outside field 63 is always caught; inside 63 it breaks the hex or the match. Only a case flip of
  // a CRC hex letter keeps the code valid, because the CRC is compared case-insensitively.
  it('refuses any single printable-ASCII substitution that changes the payload', () => {
    const mutation = validInput.chain((input) => {
      const payload = encodeBrCode(input);
      return fc.tuple(fc.constant(payload), fc.nat({ max: payload.length - 1 }), printableChar);
    });
    fc.assert(
      fc.property(mutation, ([payload, index, replacement]) => {
        const original = payload[index]!;
        fc.pre(PRINTABLE.test(replacement) && replacement !== original);
        fc.pre(!(index >= payload.length - 4 && replacement.toUpperCase() === original.toUpperCase()));
        const mutated = payload.slice(0, index) + replacement + payload.slice(index + 1);
        expect(() => parseBrCode(mutated)).toThrow(InvalidBrCodeError);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts a case flip of a CRC letter (the one substitution that keeps a code valid)', () => {
    const payload = encodeBrCode({ type: 'static', pixKey: '52998224725', merchantName: 'A', merchantCity: 'B', txid: '***' });
    const crc = payload.slice(-4);
    expect(parseBrCode(payload.slice(0, -4) + crc.toLowerCase())).toEqual(parseBrCode(payload));
  });

  // Reading a static code's 62-05 is strict, as the scheme writes it (`***` or 1-25 letters and digits; it travels
  // into the payment, docs/adr/0240-a-static-txid-is-read-as-the-scheme-writes-it.md); a dynamic code's is lenient
  // (EMV "ans", up to 25; a charge's 26-35 letters and digits). See READ_TXID in br-code.ts.
  it('reads back any 62-05 the scheme allows for the type of code, and refuses anything else, in codes built by hand', () => {
    const txid = fc.oneof(
      fc.constant('***'),
      fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
      fc.stringMatching(/^[\x20-\x7e]{1,25}$/),
      fc.stringMatching(/^[A-Za-z0-9]{26,35}$/),
      fc.stringMatching(/^[\x20-\x7e]{26,60}$/),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
    );
    fc.assert(
      fc.property(fc.boolean(), txid, (dynamic, value) => {
        const field = (id: string, v: string) => `${id}${String(Array.from(v).length).padStart(2, '0')}${v}`;
        const target = dynamic ? field('25', 'pix.example.com/q/1') : field('01', '52998224725');
        const account = field('00', 'br.gov.bcb.pix') + target;
        const body = `000201${field('26', account)}5204000053039865802BR5901A6001B${field('62', field('05', value))}6304`;
        const payload = body + crc16CcittFalse(body);
        const readable = dynamic
          ? /^[\x20-\x7e]{1,25}$/.test(value) || /^[A-Za-z0-9]{26,35}$/.test(value)
          : value === '***' || /^[A-Za-z0-9]{1,25}$/.test(value);
        if (readable) expect(parseBrCode(payload).txid).toBe(value);
        else expect(() => parseBrCode(payload)).toThrow(expect.objectContaining({ emvField: '62.05' }));
      }),
      { numRuns: 1000 },
    );
  });

  it('writes only the txids this service issues, and reads back every one it writes', () => {
    const txid = fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{1,35}$/), fc.stringMatching(/^[\x20-\x7e]{1,40}$/), fc.constant('***'));
    fc.assert(
      fc.property(validInput, txid, (input, value) => {
        const writable = value === '***' || (input.type === 'static' && /^[A-Za-z0-9]{1,25}$/.test(value));
        const attempt = { ...input, txid: value } as BrCodeInput;
        if (writable) expect(parseBrCode(encodeBrCode(attempt)).txid).toBe(value);
        else expect(() => encodeBrCode(attempt)).toThrow(expect.objectContaining({ emvField: '62.05' }));
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws anything but InvalidBrCodeError on arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 600 }), parsesOrRefuses), { numRuns: 1000 });
  });

  it('never throws anything but InvalidBrCodeError on TLV-shaped input with a valid CRC', () => {
    const id = fc.oneof(
      fc.constantFrom('00', '01', '26', '27', '52', '53', '54', '58', '59', '60', '61', '62', '80'),
      fc.stringMatching(/^\d{2}$/),
    );
    const value = fc.oneof(
      fc.string({ minLength: 1, maxLength: 30 }),
      fc.stringMatching(/^(0005|0014br\.gov\.bcb\.pix|01|25|05|\d|\.|\*){1,8}$/),
    );
    const field = fc.tuple(id, value).map(([i, v]) => `${i}${String(Array.from(v).length).padStart(2, '0')}${v}`);
    const body = fc
      .tuple(fc.boolean(), fc.array(field, { maxLength: 12 }))
      .map(([lead, fields]) => `${lead ? '000201' : ''}${fields.join('')}6304`);
    fc.assert(
      fc.property(body, (text) => parsesOrRefuses(text + crc16CcittFalse(text))),
      { numRuns: 1000 },
    );
  });

  it('never throws anything but InvalidBrCodeError when fields of valid codes are spliced together', () => {
    const spliced = fc.tuple(validInput, validInput, fc.nat(), fc.nat()).map(([a, b, i, j]) => {
      const left = encodeBrCode(a).slice(0, -8);
      const right = encodeBrCode(b).slice(0, -8);
      const text = `${left.slice(0, i % left.length)}${right.slice(j % right.length)}6304`;
      return text + crc16CcittFalse(text);
    });
    fc.assert(fc.property(spliced, parsesOrRefuses), { numRuns: 500 });
  });
});
