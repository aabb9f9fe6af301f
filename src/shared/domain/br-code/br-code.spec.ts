import { encodeBrCode, parseBrCode, type BrCodeInput } from './br-code.js';
import { InvalidBrCodeError } from './br-code.errors.js';
import { crc16CcittFalse } from './crc16.js';

const EVP = '123e4567-e12b-12d1-a456-426655440000';
const DYNAMIC_TXID = '9d36b84fc70b478fb95c12729b90ca25';
const DYNAMIC_URL = `pix.sandbox.local/qr/v2/${DYNAMIC_TXID}`;
// The static example of the BCB BR Code manual, byte for byte.
const MANUAL_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
  '5913Fulano de Tal6008BRASILIA62070503***63041D3D';

const tlv = (id: string, value: string): string => `${id}${String(Array.from(value).length).padStart(2, '0')}${value}`;
const withCrc = (body: string): string => `${body}6304${crc16CcittFalse(`${body}6304`)}`;
const pixTemplate = (...sub: string[]): string => tlv('00', 'br.gov.bcb.pix') + sub.join('');

type Fields = Array<[string, string]>;
const staticFields = (): Fields => [
  ['00', '01'],
  ['26', pixTemplate(tlv('01', EVP))],
  ['52', '0000'],
  ['53', '986'],
  ['58', 'BR'],
  ['59', 'Fulano de Tal'],
  ['60', 'BRASILIA'],
  ['62', tlv('05', '***')],
];
const build = (fields: Fields): string => withCrc(fields.map(([id, value]) => tlv(id, value)).join(''));
/** A valid static payload with field `id` set to `value` (or removed when undefined). */
function variant(id: string, value: string | undefined, fields: Fields = staticFields()): string {
  const changed = fields
    .filter(([fieldId]) => fieldId !== id || value !== undefined)
    .map(([fieldId, v]): [string, string] => [fieldId, fieldId === id ? value! : v]);
  if (value !== undefined && !fields.some(([fieldId]) => fieldId === id)) changed.push([id, value]);
  return build(changed);
}

function refusal(run: () => unknown): InvalidBrCodeError {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidBrCodeError) return error;
    throw error;
  }
  throw new Error('expected an InvalidBrCodeError');
}
function expectRefused(payload: string, field: string, issue?: string): void {
  const error = refusal(() => parseBrCode(payload));
  expect(error.emvField).toBe(field);
  expect(error.code).toBe('INVALID_BR_CODE');
  expect(error.details).toEqual([{ field: 'br_code', issue: expect.stringContaining(field) }]);
  if (issue) expect(error.message).toContain(issue);
}

describe('parseBrCode', () => {
  it('decodes the BR Code manual example', () => {
    expect(parseBrCode(MANUAL_EXAMPLE)).toEqual({
      type: 'static',
      pixKey: EVP,
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      merchantCategoryCode: '0000',
      txid: '***',
    });
  });

  it('trims surrounding whitespace and accepts a lower-case CRC', () => {
    expect(parseBrCode(`  ${MANUAL_EXAMPLE}\n`).pixKey).toBe(EVP);
    expect(parseBrCode(MANUAL_EXAMPLE.replace(/1D3D$/, '1d3d')).pixKey).toBe(EVP);
  });

  it('accepts the GUI in any case and the Pix template in any of 26-51 beside other arrangements', () => {
    const upper = tlv('00', 'BR.GOV.BCB.PIX') + tlv('01', EVP);
    expect(parseBrCode(variant('26', upper)).pixKey).toBe(EVP);
    const fields = staticFields().filter(([id]) => id !== '26');
    fields.splice(1, 0, ['26', tlv('00', 'br.com.outro') + tlv('01', '0123456789')], ['27', pixTemplate(tlv('01', EVP))]);
    expect(parseBrCode(build(fields)).pixKey).toBe(EVP);
  });

  it('reads every optional field and keeps ids in any order', () => {
    const fields: Fields = [
      ['00', '01'],
      ['01', '12'],
      ['58', 'BR'],
      ['26', pixTemplate(tlv('01', '+5511987654321'), tlv('02', 'Pedido 42'))],
      ['53', '986'],
      ['52', '5812'],
      ['54', '10.5'],
      ['59', 'Loja Exemplo'],
      ['60', 'SAO PAULO'],
      ['61', '01310-100'],
      ['62', tlv('05', 'PEDIDO42') + tlv('07', 'extra')],
      ['80', tlv('00', 'br.com.outro') + tlv('01', 'x')],
    ];
    expect(parseBrCode(build(fields))).toEqual({
      type: 'static',
      pixKey: '+5511987654321',
      additionalInfo: 'Pedido 42',
      amount: '10.50',
      merchantName: 'Loja Exemplo',
      merchantCity: 'SAO PAULO',
      postalCode: '01310-100',
      merchantCategoryCode: '5812',
      txid: 'PEDIDO42',
      pointOfInitiation: 'dynamic',
    });
  });

  it('decodes a dynamic code: URL without scheme, 26-35 character txid or ***', () => {
    const fields = staticFields().map(([id, v]): [string, string] => [id, id === '26' ? pixTemplate(tlv('25', DYNAMIC_URL)) : v]);
    fields.splice(1, 0, ['01', '12']);
    const code = parseBrCode(variant('62', tlv('05', DYNAMIC_TXID), fields));
    expect(code).toMatchObject({ type: 'dynamic', url: DYNAMIC_URL, txid: DYNAMIC_TXID, pointOfInitiation: 'dynamic' });
    expect(code.pixKey).toBeUndefined();
    expect(parseBrCode(variant('62', tlv('05', '***'), fields)).txid).toBe('***');
    expect(parseBrCode(variant('62', tlv('05', 'a'.repeat(35)), fields)).txid).toHaveLength(35);
  });

  it.each([
    ['10', '10.00'],
    ['10.5', '10.50'],
    ['0.01', '0.01'],
    ['0000000001', '1.00'],
    ['1234567890.12', '1234567890.12'],
  ])('normalises amount %s to %s', (raw, amount) => {
    expect(parseBrCode(variant('54', raw)).amount).toBe(amount);
  });

  it.each([
    ['an empty string', '', 'is empty'],
    ['only whitespace', ' \n\t ', 'is empty'],
    [
      'more than 512 characters',
      build([...staticFields(), ['80', 'x'.repeat(99)], ['81', 'x'.repeat(99)], ['82', 'x'.repeat(99)], ['83', 'x'.repeat(99)]]),
      'maximum is 512',
    ],
    ['a non-digit id', `X${MANUAL_EXAMPLE.slice(1)}`, 'field id'],
  ])('refuses %s as the payload', (_, payload, issue) => {
    expectRefused(payload, 'payload', issue);
  });

  it('refuses a non-string payload', () => {
    expectRefused(42 as unknown as string, 'payload', 'must be a string');
  });

  it.each([
    ['00 not first', build([['01', '11'], ...staticFields()]), '00', 'first field'],
    ['00 not "01"', variant('00', '02'), '00', 'must be "01"'],
    [
      '63 missing',
      staticFields()
        .map(([id, v]) => tlv(id, v))
        .join(''),
      '63',
      'last field',
    ],
    ['63 not last', `${MANUAL_EXAMPLE}9901x`, '63', 'last field'],
    ['63 of length 05', `${MANUAL_EXAMPLE.slice(0, -8)}63051D3D0`, '63', 'length 04'],
    ['63 not hex', `${MANUAL_EXAMPLE.slice(0, -4)}1D3G`, '63', 'hexadecimal'],
    ['a wrong CRC', `${MANUAL_EXAMPLE.slice(0, -4)}1D3E`, '63', 'computed 1D3D'],
    ['a payload cut short', MANUAL_EXAMPLE.slice(0, -1), '63', 'only 3 characters follow'],
    ['a changed character', MANUAL_EXAMPLE.replace('Fulano', 'Fulana'), '63', 'does not match'],
    ['a duplicate 59', build([...staticFields(), ['59', 'Outro Nome']]), '59', 'more than once'],
    ['01 not 11 or 12', variant('01', '13'), '01', '"11" (static) or "12" (dynamic)'],
    ['no merchant account template', variant('26', undefined), '26', 'is missing'],
    ['only another GUI', variant('26', tlv('00', 'br.com.outro') + tlv('01', EVP)), '26', 'br.gov.bcb.pix'],
    ['a template without GUI', variant('26', tlv('01', EVP)), '26.00', 'is missing'],
    ['a malformed template', variant('26', `${tlv('00', 'br.gov.bcb.pix')}x`), '26', 'field id'],
    ['both key and URL', variant('26', pixTemplate(tlv('01', EVP), tlv('25', 'pix.example.com/c/1'))), '26', 'exactly one'],
    ['neither key nor URL', variant('26', pixTemplate(tlv('02', 'info'))), '26', 'exactly one'],
    ['an invalid key', variant('26', pixTemplate(tlv('01', '52998224724'))), '26.01', 'not a valid'],
    ['an upper-case e-mail key', variant('26', pixTemplate(tlv('01', 'Fulano@example.com'))), '26.01', 'not a valid'],
    ['a URL with scheme', variant('26', pixTemplate(tlv('25', `https://${DYNAMIC_URL}`))), '26.25', 'scheme'],
    ['a URL with a space', variant('26', pixTemplate(tlv('25', 'pix.example.com/a b'))), '26.25', 'whitespace'],
    ['52 missing', variant('52', undefined), '52', 'is missing'],
    ['52 with a letter', variant('52', '58A2'), '52', '4 digits'],
    ['52 of 3 digits', variant('52', '581'), '52', '4 digits'],
    ['53 missing', variant('53', undefined), '53', 'is missing'],
    ['53 not BRL', variant('53', '840'), '53', '"986"'],
    ['54 zero', variant('54', '0.00'), '54', 'greater than zero'],
    ['54 with a comma', variant('54', '1,00'), '54', 'decimal'],
    ['54 with 3 decimals', variant('54', '1.001'), '54', 'decimal'],
    ['54 with 11 digits', variant('54', '12345678901'), '54', 'decimal'],
    ['54 with an exponent', variant('54', '1e3'), '54', 'decimal'],
    ['54 negative', variant('54', '-1'), '54', 'decimal'],
    ['54 without integer part', variant('54', '.5'), '54', 'decimal'],
    ['54 with a bare point', variant('54', '10.'), '54', 'decimal'],
    ['58 missing', variant('58', undefined), '58', 'is missing'],
    ['58 not BR', variant('58', 'US'), '58', '"BR"'],
    ['58 lower case', variant('58', 'br'), '58', '"BR"'],
    ['59 missing', variant('59', undefined), '59', 'is missing'],
    ['59 of 26 characters', variant('59', 'N'.repeat(26)), '59', '1 to 25'],
    ['60 missing', variant('60', undefined), '60', 'is missing'],
    ['60 of 16 characters', variant('60', 'C'.repeat(16)), '60', '1 to 15'],
    ['61 of 11 characters', variant('61', '01310100000'), '61', '1 to 10'],
    ['62 missing', variant('62', undefined), '62', 'is missing'],
    ['62 without 05', variant('62', tlv('07', 'abc')), '62.05', 'is missing'],
    ['62 malformed', variant('62', 'x'), '62', 'field id'],
    ['a static txid of 26 characters', variant('62', tlv('05', 'a'.repeat(26))), '62.05', '1 to 25 letters and digits in a static QR'],
    ['a txid with a character outside printable ASCII', variant('62', tlv('05', 'PEDIDO-Nº1')), '62.05', '1 to 25 letters and digits'],
    ['a txid with a control character', variant('62', tlv('05', 'PEDIDO\t1')), '62.05', '1 to 25 letters and digits'],
  ])('refuses %s', (_, payload, field, issue) => {
    expectRefused(payload, field, issue);
  });

  // A static code's 62-05 travels into the payment and the receiver's statement: only what the scheme allows
  // (docs/adr/0240-a-static-txid-is-read-as-the-scheme-writes-it.md).
  it.each([
    ['25 letters and digits', 'aZ3'.repeat(8) + 'q'],
    ['one character', 'x'],
    ['no txid', '***'],
  ])('reads a static txid of %s', (_, txid) => {
    expect(parseBrCode(variant('62', tlv('05', txid))).txid).toBe(txid);
  });

  it.each([
    ['a spreadsheet formula', "=cmd|'/c calc'!A1"],
    ['a formula behind a plus', '+SUM(A1:A9)'],
    ['a hyphen (the BR Code manual example)', 'RP12345678-2019'],
    ['spaces and punctuation', 'Pedido 42/2024 (loja#1)'],
    ['a space', 'PEDIDO 1'],
    ['asterisks other than ***', '****'],
  ])('refuses a static txid with %s, naming 62.05', (_, txid) => {
    expectRefused(variant('62', tlv('05', txid)), '62.05', 'must be "***" or 1 to 25 letters and digits in a static QR');
  });

  const dynamicFields = (): Fields =>
    staticFields().map(([id, v]): [string, string] => [id, id === '26' ? pixTemplate(tlv('25', DYNAMIC_URL)) : v]);

  it.each([
    ['4 letters', 'mpis'],
    ['a hyphen', 'RP12345678-2019'],
    ['25 digits', '1'.repeat(25)],
    ['26 letters and digits', 'A'.repeat(26)],
    ['35 letters and digits', 'A1'.repeat(17) + 'Z'],
  ])('reads a dynamic txid with %s', (_, txid) => {
    expect(parseBrCode(variant('62', tlv('05', txid), dynamicFields())).txid).toBe(txid);
  });

  it.each([
    ['36 characters', 'a'.repeat(36)],
    ['30 characters with punctuation', `${'a'.repeat(29)}-`],
    ['26 characters with a space', `${'a'.repeat(25)} `],
  ])('refuses a dynamic txid of %s', (_, txid) => {
    expectRefused(variant('62', tlv('05', txid), dynamicFields()), '62.05', '26 to 35');
  });

  it('refuses a dynamic txid with a control character', () => {
    expectRefused(variant('62', tlv('05', 'PEDIDO\t1'), dynamicFields()), '62.05', 'printable ASCII');
  });

  it('refuses a second Pix template, naming it', () => {
    const fields = staticFields();
    fields.splice(2, 0, ['27', pixTemplate(tlv('01', '52998224725'))]);
    expectRefused(build(fields), '27', 'repeats');
  });
});

describe('encodeBrCode', () => {
  const staticInput: BrCodeInput = { type: 'static', pixKey: EVP, merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA', txid: '***' };
  const dynamicInput: BrCodeInput = {
    type: 'dynamic',
    url: DYNAMIC_URL,
    amount: '150',
    merchantName: 'Loja Exemplo',
    merchantCity: 'SAO PAULO',
    postalCode: '01310100',
    merchantCategoryCode: '5812',
  };

  it('writes a static code field by field (CRC computed independently)', () => {
    expect(encodeBrCode(staticInput)).toBe(
      '00020101021126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
        '5913Fulano de Tal6008BRASILIA62070503***630448CD',
    );
  });

  it('writes a dynamic code with 01 = 12, the URL in 26/25, a two-decimal amount and *** in 62-05', () => {
    const payload = encodeBrCode(dynamicInput);
    expect(payload).toBe(
      '00020101021226780014br.gov.bcb.pix2556pix.sandbox.local/qr/v2/9d36b84fc70b478fb95c12729b90ca25' +
        '52045812530398654061' +
        '50.005802BR5912Loja Exemplo6009SAO PAULO61080131010062070503***6304B58E',
    );
    expect(parseBrCode(payload)).toEqual({
      type: 'dynamic',
      url: DYNAMIC_URL,
      amount: '150.00',
      merchantName: 'Loja Exemplo',
      merchantCity: 'SAO PAULO',
      postalCode: '01310100',
      merchantCategoryCode: '5812',
      txid: '***',
      pointOfInitiation: 'dynamic',
    });
    expect(encodeBrCode({ ...dynamicInput, txid: '***' })).toBe(payload);
  });

  it('round-trips additional information and marks a static code 11', () => {
    const code = parseBrCode(encodeBrCode({ ...staticInput, pixKey: '11222333000181', additionalInfo: 'Pedido 42', amount: '0.5' }));
    expect(code).toMatchObject({ pixKey: '11222333000181', additionalInfo: 'Pedido 42', amount: '0.50', pointOfInitiation: 'static' });
  });

  it('truncates a merchant name to 25 characters without a trailing space', () => {
    expect(parseBrCode(encodeBrCode({ ...staticInput, merchantName: 'N'.repeat(30) })).merchantName).toBe('N'.repeat(25));
    const name = 'Comercio de Alimentos Ltda ME';
    expect(parseBrCode(encodeBrCode({ ...staticInput, merchantName: name })).merchantName).toBe('Comercio de Alimentos Ltd');
    const spaced = 'Padaria e Confeitaria Sol Nascente';
    expect(parseBrCode(encodeBrCode({ ...staticInput, merchantName: spaced })).merchantName).toBe('Padaria e Confeitaria Sol');
  });

  it('drops accents and collapses whitespace in name and city', () => {
    const code = parseBrCode(encodeBrCode({ ...staticInput, merchantName: '  José  da Conceição ', merchantCity: 'São Paulo' }));
    expect(code.merchantName).toBe('Jose da Conceicao');
    expect(code.merchantCity).toBe('Sao Paulo');
  });

  it.each([
    ['a city over 15 characters', { merchantCity: 'Sao Jose dos Campos' }, '60'],
    ['a name of only spaces', { merchantName: '   ' }, '59'],
    ['a name with characters ASCII cannot carry', { merchantName: '李小龍' }, '59'],
    ['an invalid key', { pixKey: '52998224724' }, '26.01'],
    ['a key with non-ASCII characters', { pixKey: 'fulanó@example.com' }, '26.01'],
    ['an amount of zero', { amount: '0.00' }, '54'],
    ['an amount that is not a decimal', { amount: '1e3' }, '54'],
    ['an amount over 10 integer digits', { amount: '12345678901' }, '54'],
    ['a static txid over 25 characters', { txid: 'a'.repeat(26) }, '62.05'],
    ['a txid the reader accepts but we do not write (a hyphen)', { txid: 'RP12345678-2019' }, '62.05'],
    ['a txid with a space', { txid: 'PEDIDO 1' }, '62.05'],
    ['an empty txid', { txid: '' }, '62.05'],
    ['a merchant category code with letters', { merchantCategoryCode: 'abcd' }, '52'],
    ['a postal code over 10 characters', { postalCode: '01310-100-00' }, '61'],
    ['additional information too long for the template', { additionalInfo: 'x'.repeat(60) }, '26'],
    ['non-ASCII additional information', { additionalInfo: 'Pedido nº 1' }, '26.02'],
    ['an unknown type', { type: 'pix' as never }, '26'],
  ])('refuses %s', (_, change, field) => {
    const error = refusal(() => encodeBrCode({ ...staticInput, ...change } as BrCodeInput));
    expect(error.emvField).toBe(field);
  });

  it.each([
    ['a URL with scheme', { url: `https://${DYNAMIC_URL}` }, '26.25'],
    ['a URL over 77 characters', { url: `pix.example.com/${'a'.repeat(62)}` }, '26'],
    // The BR Code manual: a dynamic code's 62-05 is `***`, its txid travels in the payload.
    ["a charge's txid (26 to 35 letters and digits)", { txid: DYNAMIC_TXID }, '62.05'],
    ['a static-style txid', { txid: 'PEDIDO42' }, '62.05'],
    ['an empty txid', { txid: '' }, '62.05'],
  ])('refuses a dynamic code with %s', (_, change, field) => {
    expect(refusal(() => encodeBrCode({ ...dynamicInput, ...change } as BrCodeInput)).emvField).toBe(field);
  });
});
